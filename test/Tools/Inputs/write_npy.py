"""Writes a C-order .npy file: write_npy.py PATH DESCR SHAPE VALUES...

DESCR is a numpy type string ('<f4', '<f8', '<i4'), SHAPE comma-separated
sizes; the writer is bench/kernelbench/check_small.py's.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "bench", "kernelbench"))
from check_small import write_npy  # noqa: E402

path, descr, shape = sys.argv[1], sys.argv[2], sys.argv[3]
write_npy(path, [int(d) for d in shape.split(",")],
          [float(v) for v in sys.argv[4:]], descr)

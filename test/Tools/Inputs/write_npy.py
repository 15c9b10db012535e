"""Writes a C-order .npy file: write_npy.py PATH DESCR SHAPE VALUES...

DESCR is a numpy type string ('<f4', '<f8', '<i4'), SHAPE comma-separated
sizes. The format is numpy's version 1.0, without numpy.
"""
import struct
import sys

path, descr, shape = sys.argv[1], sys.argv[2], sys.argv[3]
values = [float(v) for v in sys.argv[4:]]
dims = shape.split(",")
header = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (
    descr, ",".join(dims) + ("," if len(dims) == 1 else ""))
header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
code = {"<f4": "f", "<f8": "d", "<i4": "i"}[descr]
with open(path, "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
    f.write(header.encode())
    f.write(struct.pack("<%d%s" % (len(values), code),
                        *[int(v) if code == "i" else v for v in values]))

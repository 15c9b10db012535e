"""Usage: early-signal.py OUT_DIR COMMAND...

Starts COMMAND, sends it SIGTERM as soon as its SIGTERM handler is
installed (/proc/PID/status SigCgt), checks that OUT_DIR did not exist yet
then (the handler comes before any setup) and that COMMAND exits 130."""
import os
import signal
import subprocess
import sys
import time

SIGTERM_BIT = 1 << (signal.SIGTERM - 1)

out_dir = sys.argv[1]
proc = subprocess.Popen(sys.argv[2:], stderr=subprocess.DEVNULL)
deadline = time.time() + 20
caught = False
while time.time() < deadline and proc.poll() is None:
    try:
        with open(f"/proc/{proc.pid}/status") as status:
            for line in status:
                if line.startswith("SigCgt:"):
                    caught = int(line.split()[1], 16) & SIGTERM_BIT != 0
    except OSError:
        pass
    if caught:
        break
    time.sleep(0.0005)
if not caught:
    proc.kill()
    sys.exit("the handler was never installed")
early = not os.path.exists(out_dir)
proc.send_signal(signal.SIGTERM)
if not early:
    proc.wait(timeout=120)
    sys.exit(f"{out_dir} existed when the handler was installed")
code = proc.wait(timeout=120)
if code != 130:
    sys.exit(f"exit status {code}, expected 130")

#!/usr/bin/env python3
"""Loads an HTML page in headless Chromium and checks it as a user would
see it: no console message at all (errors, warnings, logs: the report has
no script, so any is a fault) and a screenshot of at least MIN_BYTES bytes
(a blank or broken page is a few kilobytes).

usage: check_report_html.py CHROMIUM PAGE.html SCREENSHOT.png MIN_BYTES"""
import os
import subprocess
import sys

chromium, page, screenshot, min_bytes = sys.argv[1:5]
profile = screenshot + ".profile"
run = subprocess.run(
    [chromium, "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
     "--enable-logging=stderr",
     "--v=0", "--user-data-dir=" + profile, "--window-size=800,2000",
     "--screenshot=" + screenshot, "file://" + os.path.abspath(page)],
    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=120)
console = [line for line in run.stdout.splitlines() if ":CONSOLE" in line]
for line in console:
    print("console:", line)
if run.returncode != 0:
    sys.exit(f"chromium exited with {run.returncode}:\n{run.stdout}")
if not os.path.exists(screenshot):
    sys.exit("no screenshot")
size = os.path.getsize(screenshot)
print(f"{os.path.basename(page)}: {len(console)} console messages, "
      f"screenshot {'large enough' if size >= int(min_bytes) else 'too small'}")
sys.exit(1 if console or size < int(min_bytes) else 0)

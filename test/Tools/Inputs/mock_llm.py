#!/usr/bin/env python3
"""A stand-in for an OpenAI-compatible chat-completions endpoint.

mock_llm.py REPLY CONFIG_TEMPLATE CONFIG_OUT REQUESTS -- COMMAND...

Serves REPLY (a chat-completions response body; several files separated by
commas are served in turn, round after round) to every POST on
127.0.0.1 at a free port, writes CONFIG_TEMPLATE to CONFIG_OUT with {port}
replaced, runs COMMAND, appends every request body to REQUESTS (one JSON
per line) and exits with COMMAND's exit status.
"""
import http.server
import subprocess
import sys
import threading

reply_path, template, config_out, requests_path = sys.argv[1:5]
command = sys.argv[sys.argv.index("--") + 1:]
replies = []
for path in reply_path.split(","):
    with open(path, "rb") as f:
        replies.append(f.read())
served = [0]
lock = threading.Lock()


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        with lock:
            with open(requests_path, "ab") as log:
                log.write(body + b"\n")
            reply = replies[served[0] % len(replies)]
            served[0] += 1
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(reply)))
        self.end_headers()
        self.wfile.write(reply)

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
threading.Thread(target=server.serve_forever, daemon=True).start()
with open(template) as f, open(config_out, "w") as out:
    out.write(f.read().replace("{port}", str(server.server_address[1])))
sys.exit(subprocess.call(command))

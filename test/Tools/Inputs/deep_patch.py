"""Writes a foundry-library export (argv[1]) whose one candidate carries an
IR patch nested about 7,000 deep within the 64 KiB patch limit.

Each round opens 29 array brackets, then an affine_set with 32 ">="
constraints. The patch check this replaced counted the ">" of ">=" as a
closing bracket, so every round brought its count back to 0 and the patch
counted 32 levels (its limit), while MLIR's parser recursed 7,000 levels
deep and overflowed its stack (SIGSEGV in foundry-library import).
"""
import json
import sys

k = 29
head = 'module attributes {x = '
tail = '} {}'
round_ = '[' * k + 'affine_set<(d0):(' + 'd0>=0,' * 31 + 'd0>=0)>,'
rounds = (64 * 1024 - len(head) - len(tail) - 8) // (len(round_) + k)
patch = head + round_ * rounds + '1' + ']' * (k * rounds) + tail
assert len(patch) <= 64 * 1024 and k * rounds > 7000
with open(sys.argv[1], 'w') as f:
    f.write('version: 1\ncandidates:\n'
            '  - kernel: 0123456789abcdef\n'
            '    genome_hash: 0123456789abcdef\n'
            '    genome: ' + json.dumps('\n' + patch) + '\n'
            '    stage: ok\n    ok: true\n    median_ms: 1.0\n'
            "    diagnosis: ''\n")

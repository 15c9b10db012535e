"""Writes a version-1 experience library (the schema before kernel keys)
with one kernel and one candidate, for foundry-library-upgrade.test; with a
second argument, labelled with that version instead."""
import sqlite3
import sys

db = sqlite3.connect(sys.argv[1])
db.executescript("""
CREATE TABLE kernels (
  exact_key TEXT PRIMARY KEY, graph_key TEXT NOT NULL,
  family_key TEXT NOT NULL, name TEXT NOT NULL, op_graph TEXT NOT NULL,
  shape_bucket TEXT NOT NULL, family TEXT NOT NULL, target TEXT NOT NULL,
  first_seen TEXT NOT NULL DEFAULT (datetime('now')));
CREATE INDEX kernels_graph ON kernels(graph_key);
CREATE INDEX kernels_family ON kernels(family_key);
CREATE TABLE runs (
  id INTEGER PRIMARY KEY, seed INTEGER NOT NULL, configuration TEXT NOT NULL,
  started TEXT NOT NULL DEFAULT (datetime('now')));
CREATE TABLE candidates (
  kernel_key TEXT NOT NULL REFERENCES kernels(exact_key),
  genome_hash TEXT NOT NULL, genome TEXT NOT NULL, run INTEGER NOT NULL,
  stage TEXT NOT NULL, ok INTEGER NOT NULL, median_ms REAL NOT NULL,
  diagnosis TEXT NOT NULL,
  recorded TEXT NOT NULL DEFAULT (datetime('now')),
  PRIMARY KEY (kernel_key, genome_hash));
CREATE TABLE insights (
  family_key TEXT NOT NULL, expert TEXT NOT NULL, change TEXT NOT NULL,
  run INTEGER NOT NULL, tries INTEGER NOT NULL, passed INTEGER NOT NULL,
  improvements INTEGER NOT NULL, gain REAL NOT NULL,
  PRIMARY KEY (family_key, expert, change, run));
PRAGMA user_version = 1;
INSERT INTO runs (id, seed, configuration) VALUES (1, 1, 'codegen=3');
INSERT INTO kernels VALUES ('0123456789abcdef', 'graph', 'family', 'cumsum',
  'linalg.generic', '32768x32768xf32', 'reduction', 'sm_90', '2026-11-30');
INSERT INTO candidates VALUES ('0123456789abcdef', '807af9637e2342e1',
  'foundry-tile-blocks{sizes={1,4} target=result}', 1, 'ok', 1, 3.8, '',
  '2026-11-30');
""")
if len(sys.argv) > 2:
    db.execute("PRAGMA user_version = %d" % int(sys.argv[2]))
db.commit()
db.close()

//===- Library.cpp - The experience library (SQLite) ----------------------===//
//
// This file implements ExperienceLibrary over the SQLite C API with prepared
// statements (no SQL is built from data).
//
//===----------------------------------------------------------------------===//

#include "foundry/Evolve/Library.h"
#include "foundry/Evolve/Genome.h"

#include "llvm/Support/FileSystem.h"

#include <sqlite3.h>

#include <algorithm>

using namespace mlir::foundry;

namespace {
/// A prepared statement, finalized on destruction.
class Statement {
public:
  Statement(sqlite3 *db, const char *sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK)
      stmt_ = nullptr;
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  explicit operator bool() const { return stmt_ != nullptr; }
  Statement &bind(int index, const std::string &text) {
    sqlite3_bind_text(stmt_, index, text.data(), int(text.size()),
                      SQLITE_TRANSIENT);
    return *this;
  }
  Statement &bind(int index, int64_t value) {
    sqlite3_bind_int64(stmt_, index, value);
    return *this;
  }
  Statement &bind(int index, double value) {
    sqlite3_bind_double(stmt_, index, value);
    return *this;
  }
  /// SQLITE_ROW, SQLITE_DONE or an error code.
  int step() { return sqlite3_step(stmt_); }
  std::string text(int column) {
    const unsigned char *value = sqlite3_column_text(stmt_, column);
    return value ? reinterpret_cast<const char *>(value) : "";
  }
  int64_t integer(int column) { return sqlite3_column_int64(stmt_, column); }
  double real(int column) { return sqlite3_column_double(stmt_, column); }
  std::string error() const { return sqlite3_errmsg(db_); }

private:
  sqlite3 *db_;
  sqlite3_stmt *stmt_ = nullptr;
};

/// The schema version kSchema sets (SQLite's user_version).
constexpr int64_t kLibraryVersion = 2;

const char *kSchema = R"sql(
CREATE TABLE IF NOT EXISTS kernels (
  kernel_key TEXT PRIMARY KEY, exact_key TEXT NOT NULL,
  graph_key TEXT NOT NULL,
  family_key TEXT NOT NULL, name TEXT NOT NULL, op_graph TEXT NOT NULL,
  shape_bucket TEXT NOT NULL, family TEXT NOT NULL, target TEXT NOT NULL,
  first_seen TEXT NOT NULL DEFAULT (datetime('now')));
CREATE INDEX IF NOT EXISTS kernels_exact ON kernels(exact_key);
CREATE INDEX IF NOT EXISTS kernels_graph ON kernels(graph_key);
CREATE INDEX IF NOT EXISTS kernels_family ON kernels(family_key);
CREATE TABLE IF NOT EXISTS runs (
  id INTEGER PRIMARY KEY, seed INTEGER NOT NULL, configuration TEXT NOT NULL,
  started TEXT NOT NULL DEFAULT (datetime('now')));
CREATE TABLE IF NOT EXISTS candidates (
  kernel_key TEXT NOT NULL REFERENCES kernels(kernel_key),
  genome_hash TEXT NOT NULL, genome TEXT NOT NULL, run INTEGER NOT NULL,
  stage TEXT NOT NULL, ok INTEGER NOT NULL, median_ms REAL NOT NULL,
  diagnosis TEXT NOT NULL,
  recorded TEXT NOT NULL DEFAULT (datetime('now')),
  PRIMARY KEY (kernel_key, genome_hash));
CREATE TABLE IF NOT EXISTS insights (
  family_key TEXT NOT NULL, expert TEXT NOT NULL, change TEXT NOT NULL,
  run INTEGER NOT NULL, tries INTEGER NOT NULL, passed INTEGER NOT NULL,
  improvements INTEGER NOT NULL, gain REAL NOT NULL,
  PRIMARY KEY (family_key, expert, change, run));
PRAGMA user_version = 2;
)sql";

/// Version 1 to 2: kernels are keyed by KernelFingerprint::kernelKey (the
/// kernel itself) instead of the exact fingerprint, which kernels differing
/// in a constant or a predicate share. A version-1 kernel keeps its exact
/// key as its kernel key, which no kernel's identity digest equals: its
/// candidates stay retrievable as seeds, and their verdicts are never
/// reused for a kernel they may not have been measured on. The old tables
/// are set aside (with their indexes, whose names kSchema reuses), kSchema
/// creates the new ones, and kFromVersion1 copies the rows over.
const char *kSetVersion1Aside = R"sql(
ALTER TABLE candidates RENAME TO candidates_v1;
ALTER TABLE kernels RENAME TO kernels_v1;
DROP INDEX IF EXISTS kernels_graph;
DROP INDEX IF EXISTS kernels_family;
)sql";
const char *kFromVersion1 = R"sql(
INSERT INTO kernels SELECT exact_key, exact_key, graph_key, family_key,
  name, op_graph, shape_bucket, family, target, first_seen FROM kernels_v1;
INSERT INTO candidates SELECT kernel_key, genome_hash, genome, run, stage,
  ok, median_ms, diagnosis, recorded FROM candidates_v1;
DROP TABLE candidates_v1;
DROP TABLE kernels_v1;
)sql";
} // namespace

std::unique_ptr<ExperienceLibrary>
ExperienceLibrary::open(const std::string &path, std::string &error,
                        bool readOnly) {
  std::unique_ptr<ExperienceLibrary> library(new ExperienceLibrary());
  // SQLite takes "" for a private temporary database: what was learned
  // would silently vanish.
  if (path.empty()) {
    error = "the library path is empty (name a file, or 'none' for no "
            "library)";
    return nullptr;
  }
  if (readOnly && path != ":memory:" && !llvm::sys::fs::exists(path)) {
    error = path + ": no such library";
    return nullptr;
  }
  if (sqlite3_open_v2(path.c_str(), &library->db_,
                      readOnly ? SQLITE_OPEN_READONLY
                               : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                      nullptr) != SQLITE_OK) {
    error = path + ": " +
            (library->db_ ? sqlite3_errmsg(library->db_) : "cannot open");
    return nullptr;
  }
  sqlite3_busy_timeout(library->db_, 5000);
  if (readOnly) {
    // A library written by foundry-evolve has every table; anything else
    // (another SQLite file, a corrupted one) is reported here.
    auto tables = [&]() -> int {
      Statement check(library->db_,
                      "SELECT count(*) FROM sqlite_master WHERE name IN "
                      "('kernels', 'runs', 'candidates')");
      if (!check)
        return sqlite3_errcode(library->db_);
      int code = check.step();
      if (code != SQLITE_ROW)
        return code;
      return check.integer(0) == 3 ? SQLITE_OK : SQLITE_NOTFOUND;
    };
    int code = tables();
    // Reading a WAL database needs its -shm file, which SQLite cannot
    // create next to a file in a read-only folder (or on read-only media):
    // "attempt to write a readonly database". Such a file cannot be written
    // by us either, so it is read as immutable: no -shm, no locks.
    if (code == SQLITE_READONLY || code == SQLITE_CANTOPEN ||
        (code & 0xff) == SQLITE_READONLY || (code & 0xff) == SQLITE_CANTOPEN) {
      sqlite3_close(library->db_);
      library->db_ = nullptr;
      std::string uri = "file:";
      if (llvm::StringRef(path).starts_with("/"))
        uri += "//";
      for (char c : path)
        uri += c == '%'   ? std::string("%25")
               : c == '?' ? std::string("%3f")
               : c == '#' ? std::string("%23")
                          : std::string(1, c);
      uri += "?immutable=1";
      if (sqlite3_open_v2(uri.c_str(), &library->db_,
                          SQLITE_OPEN_READONLY | SQLITE_OPEN_URI,
                          nullptr) != SQLITE_OK) {
        error = path + ": " +
                (library->db_ ? sqlite3_errmsg(library->db_) : "cannot open");
        return nullptr;
      }
      code = tables();
    }
    if (code == SQLITE_OK && library->version() != 1 &&
        library->version() != kLibraryVersion) {
      error = path + ": a library of version " +
              std::to_string(library->version()) +
              "; this foundry reads version " + std::to_string(kLibraryVersion);
      return nullptr;
    }
    if (code == SQLITE_OK && library->version() == 1) {
      error = path +
              ": a library of version 1 (kernels keyed by their "
              "fingerprint); open it for writing once to upgrade it "
              "(foundry-library prune --keep=1000000000, or any "
              "foundry-evolve run with --library " +
              path + ")";
      return nullptr;
    }
    if (code != SQLITE_OK) {
      error = path + ": not a foundry experience library (" +
              (code == SQLITE_NOTFOUND ? std::string("no foundry tables")
                                       : sqlite3_errmsg(library->db_)) +
              ")";
      return nullptr;
    }
    return library;
  }
  // Another application's database is not ours to add tables to (or to
  // switch to WAL): only an empty one or a library is opened for writing.
  {
    Statement tables(library->db_,
                     "SELECT name FROM sqlite_master WHERE type = 'table' "
                     "ORDER BY name");
    if (!tables) {
      error = path + ": " + sqlite3_errmsg(library->db_);
      return nullptr;
    }
    std::vector<std::string> names;
    int code;
    while ((code = tables.step()) == SQLITE_ROW)
      names.push_back(tables.text(0));
    if (code != SQLITE_DONE) {
      error = path + ": " + tables.error();
      return nullptr;
    }
    auto has = [&](const char *name) {
      return std::find(names.begin(), names.end(), name) != names.end();
    };
    if (!names.empty() &&
        !(has("kernels") && has("runs") && has("candidates"))) {
      std::string list;
      for (size_t i = 0; i < names.size() && i < 5; ++i)
        list += (i ? ", " : "") + names[i];
      if (names.size() > 5)
        list += ", ...";
      error = path +
              ": an SQLite database that is not a foundry experience "
              "library (its tables: " +
              list + "); foundry adds no tables to it";
      return nullptr;
    }
    // A damaged library (a page overwritten) is not written into: SQLite
    // would add to it what it can, and later reads would fail or lose
    // rows. quick_check reads every page (O(N), without the index checks
    // of integrity_check, which foundry-library check runs).
    if (!names.empty()) {
      Statement check(library->db_, "PRAGMA quick_check(8)");
      std::string verdict;
      int code = check ? SQLITE_ROW : SQLITE_ERROR;
      while (check && (code = check.step()) == SQLITE_ROW)
        verdict += (verdict.empty() ? "" : "; ") + check.text(0);
      if (code != SQLITE_DONE)
        verdict += (verdict.empty() ? "" : "; ") +
                   std::string(sqlite3_errmsg(library->db_));
      if (verdict != "ok") {
        std::replace(verdict.begin(), verdict.end(), '\n', ' ');
        error = path + ": the library is damaged (SQLite's quick_check: " +
                llvm::StringRef(verdict).take_front(300).str() +
                "); nothing was written to it. 'foundry-library check' "
                "reports it; move it aside to start a new library, or "
                "restore it from an export";
        return nullptr;
      }
    }
    // A library of another version (a newer foundry's, or one whose
    // version was lost) is not rewritten as this one's.
    int64_t version = library->version();
    if (!names.empty() && version != 1 && version != kLibraryVersion) {
      error = path + ": a library of version " + std::to_string(version) +
              "; this foundry reads versions 1 and " +
              std::to_string(kLibraryVersion);
      return nullptr;
    }
  }
  if (library->version() == 1) {
    // One transaction, foreign keys off while the tables are rebuilt.
    if (!library->exec("PRAGMA foreign_keys = OFF; BEGIN IMMEDIATE;", error) ||
        !library->exec(kSetVersion1Aside, error) ||
        !library->exec(kSchema, error) ||
        !library->exec(kFromVersion1, error) ||
        !library->exec("COMMIT", error)) {
      library->rollback();
      error = path + ": cannot upgrade the library from version 1: " + error;
      return nullptr;
    }
  }
  if (!library->exec("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON;",
                     error) ||
      !library->exec(kSchema, error)) {
    error = path + ": " + error;
    return nullptr;
  }
  return library;
}

bool ExperienceLibrary::begin(std::string &error) {
  return exec("BEGIN IMMEDIATE", error);
}
bool ExperienceLibrary::deferForeignKeys(std::string &error) {
  return exec("PRAGMA defer_foreign_keys = ON", error);
}
bool ExperienceLibrary::commit(std::string &error) {
  return exec("COMMIT", error);
}
void ExperienceLibrary::rollback() {
  std::string ignored;
  (void)exec("ROLLBACK", ignored);
}

bool ExperienceLibrary::importCandidate(const CandidateRecord &candidate,
                                        std::string &error) {
  if (!std::isfinite(candidate.medianMs) || candidate.medianMs < 0 ||
      (candidate.ok && candidate.medianMs <= 0) || candidate.stage.empty() ||
      candidate.ok != (candidate.stage == "ok")) {
    error = "candidate " + candidate.genomeHash +
            ": inconsistent stage, verdict or time";
    return false;
  }
  // What this library measured itself wins over what it is told.
  Statement insert(db_, "INSERT OR IGNORE INTO candidates (kernel_key, "
                        "genome_hash, genome, run, stage, ok, median_ms, "
                        "diagnosis) VALUES (?1, ?2, ?3, 0, ?4, ?5, ?6, ?7)");
  if (!insert)
    return error = sqlite3_errmsg(db_), false;
  insert.bind(1, candidate.kernelKey)
      .bind(2, candidate.genomeHash)
      .bind(3, candidate.genome)
      .bind(4, candidate.stage)
      .bind(5, int64_t(candidate.ok))
      .bind(6, candidate.medianMs)
      .bind(7, candidate.diagnosis);
  if (insert.step() != SQLITE_DONE)
    return error = insert.error(), false;
  return true;
}

ExperienceLibrary::~ExperienceLibrary() { sqlite3_close(db_); }

int64_t ExperienceLibrary::version() {
  Statement query(db_, "PRAGMA user_version");
  return query && query.step() == SQLITE_ROW ? query.integer(0) : 0;
}

bool ExperienceLibrary::exec(const char *sql, std::string &error) {
  char *message = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &message) == SQLITE_OK)
    return true;
  error = message ? message : "SQLite error";
  sqlite3_free(message);
  return false;
}

bool ExperienceLibrary::addKernel(const KernelFingerprint &fingerprint,
                                  const std::string &name, std::string &error) {
  return importKernel({fingerprint.kernelKey(), fingerprint.exactKey(),
                       fingerprint.graphKey(), fingerprint.familyKey(), name,
                       fingerprint.opGraph, fingerprint.shapeBucket,
                       fingerprint.family, fingerprint.target},
                      error);
}

int64_t ExperienceLibrary::beginRun(int64_t seed,
                                    const std::string &configuration,
                                    std::string &error) {
  Statement insert(db_,
                   "INSERT INTO runs (seed, configuration) VALUES (?1, ?2)");
  if (!insert)
    return error = sqlite3_errmsg(db_), 0;
  insert.bind(1, seed).bind(2, configuration);
  if (insert.step() != SQLITE_DONE)
    return error = insert.error(), 0;
  return sqlite3_last_insert_rowid(db_);
}

bool ExperienceLibrary::recordInsight(const std::string &familyKey,
                                      const std::string &expert,
                                      const std::string &change, int64_t run,
                                      double speedup, std::string &error) {
  return addInsight({familyKey, expert, change, 1, int64_t(speedup > 0),
                     int64_t(speedup > 1), speedup},
                    run, error);
}

bool ExperienceLibrary::addInsight(const Insight &insight, int64_t run,
                                   std::string &error) {
  if (!std::isfinite(insight.gain) || insight.gain < 0 || insight.tries < 1 ||
      insight.passed < 0 || insight.passed > insight.tries ||
      insight.improvements < 0 || insight.improvements > insight.passed) {
    error = "insight " + insight.expert + " " + insight.change +
            ": inconsistent counts";
    return false;
  }
  if (run == 0)
    return importInsight(insight, error);
  // Runs add up.
  Statement upsert(
      db_, "INSERT INTO insights (family_key, expert, change, run, tries, "
           "passed, improvements, gain) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, "
           "?8) ON CONFLICT (family_key, expert, change, run) DO UPDATE SET "
           "tries = tries + ?5, passed = passed + ?6, improvements = "
           "improvements + ?7, gain = gain + ?8");
  if (!upsert)
    return error = sqlite3_errmsg(db_), false;
  upsert.bind(1, insight.familyKey)
      .bind(2, insight.expert)
      .bind(3, insight.change)
      .bind(4, run)
      .bind(5, insight.tries)
      .bind(6, insight.passed)
      .bind(7, insight.improvements)
      .bind(8, insight.gain);
  if (upsert.step() != SQLITE_DONE)
    return error = upsert.error(), false;
  return true;
}

bool ExperienceLibrary::importInsight(const Insight &insight,
                                      std::string &error) {
  // An exported insight is a total over all the runs of its library, which
  // may be this one (or share runs with it): adding it would count the same
  // mutations twice. Instead each count's total here becomes the larger of
  // the two totals, the part the library's own runs do not explain kept in
  // run 0's record. Importing an export into the library it came from, or
  // twice, changes nothing.
  Statement local(db_, "SELECT coalesce(sum(tries), 0), coalesce(sum(passed), "
                       "0), coalesce(sum(improvements), 0), coalesce(sum("
                       "gain), 0.0) FROM insights WHERE family_key = ?1 AND "
                       "expert = ?2 AND change = ?3 AND run != 0");
  if (!local)
    return error = sqlite3_errmsg(db_), false;
  local.bind(1, insight.familyKey)
      .bind(2, insight.expert)
      .bind(3, insight.change);
  if (local.step() != SQLITE_ROW)
    return error = local.error(), false;
  int64_t tries = std::max<int64_t>(0, insight.tries - local.integer(0));
  int64_t passed = std::max<int64_t>(0, insight.passed - local.integer(1));
  int64_t improvements =
      std::max<int64_t>(0, insight.improvements - local.integer(2));
  double gain = std::max(0.0, insight.gain - local.real(3));
  if (tries == 0 && passed == 0 && improvements == 0 && gain == 0)
    return true; // This library's runs already explain all of it.
  Statement upsert(
      db_, "INSERT INTO insights (family_key, expert, change, run, tries, "
           "passed, improvements, gain) VALUES (?1, ?2, ?3, 0, ?4, ?5, ?6, "
           "?7) ON CONFLICT (family_key, expert, change, run) DO UPDATE SET "
           "tries = max(tries, ?4), passed = max(passed, ?5), improvements = "
           "max(improvements, ?6), gain = max(gain, ?7)");
  if (!upsert)
    return error = sqlite3_errmsg(db_), false;
  upsert.bind(1, insight.familyKey)
      .bind(2, insight.expert)
      .bind(3, insight.change)
      .bind(4, tries)
      .bind(5, passed)
      .bind(6, improvements)
      .bind(7, gain);
  if (upsert.step() != SQLITE_DONE)
    return error = upsert.error(), false;
  return true;
}

std::vector<ExperienceLibrary::Insight>
ExperienceLibrary::insights(const std::string &familyKey, int64_t excludeRun) {
  std::vector<Insight> rows;
  Statement query(
      db_, "SELECT family_key, expert, change, sum(tries) AS t, sum(passed), "
           "sum(improvements) AS i, sum(gain) FROM insights WHERE (?1 = '' OR "
           "family_key = ?1) AND run != ?2 GROUP BY family_key, expert, "
           "change ORDER BY i * 1.0 / t DESC, t DESC, expert, change");
  if (!query)
    return rows;
  query.bind(1, familyKey).bind(2, excludeRun);
  while (query.step() == SQLITE_ROW)
    rows.push_back({query.text(0), query.text(1), query.text(2),
                    query.integer(3), query.integer(4), query.integer(5),
                    query.real(6)});
  return rows;
}

std::optional<int64_t>
ExperienceLibrary::findRun(const std::string &configuration) {
  Statement query(db_, "SELECT id FROM runs WHERE configuration = ?1 "
                       "ORDER BY id DESC LIMIT 1");
  if (!query)
    return std::nullopt;
  query.bind(1, configuration);
  if (query.step() != SQLITE_ROW)
    return std::nullopt;
  return query.integer(0);
}

std::optional<std::string>
ExperienceLibrary::runConfiguration(int64_t run) {
  Statement query(db_, "SELECT configuration FROM runs WHERE id = ?1");
  if (!query)
    return std::nullopt;
  query.bind(1, run);
  if (query.step() != SQLITE_ROW)
    return std::nullopt;
  return query.text(0);
}

std::string ExperienceLibrary::integrityCheck() {
  Statement query(db_, "PRAGMA integrity_check");
  if (!query)
    return sqlite3_errmsg(db_);
  std::string result;
  while (query.step() == SQLITE_ROW)
    result += (result.empty() ? "" : "; ") + query.text(0);
  return result;
}

bool ExperienceLibrary::recordCandidate(const CandidateRecord &candidate,
                                        std::string &error) {
  // One statement is one transaction in SQLite's autocommit mode.
  Statement insert(db_, "INSERT OR REPLACE INTO candidates (kernel_key, "
                        "genome_hash, genome, run, stage, ok, median_ms, "
                        "diagnosis) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
  if (!insert)
    return error = sqlite3_errmsg(db_), false;
  insert.bind(1, candidate.kernelKey)
      .bind(2, candidate.genomeHash)
      .bind(3, candidate.genome)
      .bind(4, candidate.run)
      .bind(5, candidate.stage)
      .bind(6, int64_t(candidate.ok))
      .bind(7, candidate.medianMs)
      .bind(8, candidate.diagnosis);
  if (insert.step() != SQLITE_DONE)
    return error = insert.error(), false;
  return true;
}

static CandidateRecord readCandidate(Statement &row, const std::string &match) {
  CandidateRecord record;
  record.kernelKey = row.text(0);
  record.genomeHash = row.text(1);
  record.genome = row.text(2);
  record.run = row.integer(3);
  record.stage = row.text(4);
  record.ok = row.integer(5) != 0;
  record.medianMs = row.real(6);
  record.diagnosis = row.text(7);
  record.match = match;
  return record;
}

std::optional<CandidateRecord>
ExperienceLibrary::findCandidate(const std::string &kernelKey,
                                 const std::string &genomeHash) {
  Statement query(db_, "SELECT kernel_key, genome_hash, genome, run, stage, "
                       "ok, median_ms, diagnosis FROM candidates WHERE "
                       "kernel_key = ?1 AND genome_hash = ?2");
  if (!query)
    return std::nullopt;
  query.bind(1, kernelKey).bind(2, genomeHash);
  if (query.step() != SQLITE_ROW)
    return std::nullopt;
  return readCandidate(query, "exact");
}

std::vector<CandidateRecord>
ExperienceLibrary::retrieve(const KernelFingerprint &fingerprint, int limit,
                            bool beatNaive) {
  std::vector<CandidateRecord> found;
  struct Level {
    const char *column;
    std::string key;
    const char *match;
  } levels[] = {{"exact_key", fingerprint.exactKey(), "exact"},
                {"graph_key", fingerprint.graphKey(), "graph"},
                {"family_key", fingerprint.familyKey(), "family"}};
  std::vector<std::string> seen;
  for (const Level &level : levels) {
    std::string sql =
        std::string("SELECT c.kernel_key, c.genome_hash, c.genome, c.run, "
                    "c.stage, c.ok, c.median_ms, c.diagnosis FROM candidates "
                    "c JOIN kernels k ON c.kernel_key = k.kernel_key WHERE "
                    "k.") +
        level.column + " = ?1 AND c.ok = 1" +
        // What worked: faster than the naive schedule of its own kernel
        // (where that was measured); the naive one itself every search
        // evaluates first anyway.
        (beatNaive ? " AND c.genome != '' AND c.median_ms < coalesce((SELECT "
                     "min(n.median_ms) FROM candidates n WHERE n.kernel_key = "
                     "c.kernel_key AND n.genome = '' AND n.ok = 1), 1e300)"
                   : "") +
        " ORDER BY c.median_ms ASC";
    Statement query(db_, sql.c_str());
    if (!query)
      return found;
    query.bind(1, level.key);
    while (int(found.size()) < limit && query.step() == SQLITE_ROW) {
      CandidateRecord record = readCandidate(query, level.match);
      // A genome found at a closer level is not repeated further out.
      if (std::find(seen.begin(), seen.end(), record.genome) != seen.end())
        continue;
      seen.push_back(record.genome);
      found.push_back(std::move(record));
    }
  }
  return found;
}

ExperienceLibrary::Stats ExperienceLibrary::stats() {
  Stats stats;
  auto count = [&](const char *sql) -> int64_t {
    Statement query(db_, sql);
    return query && query.step() == SQLITE_ROW ? query.integer(0) : -1;
  };
  stats.kernels = count("SELECT count(*) FROM kernels");
  stats.runs = count("SELECT count(*) FROM runs");
  stats.candidates = count("SELECT count(*) FROM candidates");
  stats.passed = count("SELECT count(*) FROM candidates WHERE ok = 1");
  return stats;
}

std::vector<ExperienceLibrary::KernelRow> ExperienceLibrary::kernels() {
  std::vector<KernelRow> rows;
  Statement query(db_, "SELECT kernel_key, exact_key, graph_key, "
                       "family_key, name, "
                       "op_graph, shape_bucket, family, target FROM kernels "
                       "ORDER BY name, kernel_key");
  while (query && query.step() == SQLITE_ROW)
    rows.push_back({query.text(0), query.text(1), query.text(2), query.text(3),
                    query.text(4), query.text(5), query.text(6), query.text(7),
                    query.text(8)});
  return rows;
}

std::vector<CandidateRecord> ExperienceLibrary::candidates() {
  std::vector<CandidateRecord> rows;
  Statement query(db_, "SELECT kernel_key, genome_hash, genome, run, stage, "
                       "ok, median_ms, diagnosis FROM candidates ORDER BY "
                       "kernel_key, ok DESC, median_ms");
  while (query && query.step() == SQLITE_ROW)
    rows.push_back(readCandidate(query, "exact"));
  return rows;
}

std::vector<ExperienceLibrary::BestSchedule>
ExperienceLibrary::bestSchedules() {
  std::vector<BestSchedule> rows;
  Statement query(
      db_, "SELECT c.kernel_key, k.exact_key, k.graph_key, k.name, k.target, "
           "c.genome, c.median_ms, n.naive_ms FROM candidates c JOIN kernels "
           "k ON c.kernel_key = k.kernel_key LEFT JOIN (SELECT kernel_key, "
           "min(median_ms) AS naive_ms FROM candidates WHERE genome = '' AND "
           "ok = 1 GROUP BY kernel_key) n ON n.kernel_key = c.kernel_key "
           "WHERE c.ok = 1 AND c.genome != '' AND c.median_ms < "
           "coalesce(n.naive_ms, 1e300) ORDER BY c.kernel_key, c.median_ms, "
           "c.rowid");
  while (query && query.step() == SQLITE_ROW) {
    std::string kernelKey = query.text(0);
    if (!rows.empty() && rows.back().kernelKey == kernelKey)
      continue;
    std::string genome = query.text(5);
    GenomeParts parts = splitGenome(genome);
    if (!parts.patch.empty() || parts.schedule.empty())
      continue;
    rows.push_back({kernelKey, query.text(1), query.text(2), query.text(3),
                    query.text(4), parts.schedule.str(), query.real(6),
                    query.real(7)});
  }
  return rows;
}

bool ExperienceLibrary::importKernel(const KernelRow &kernel,
                                     std::string &error) {
  Statement insert(db_, "INSERT OR IGNORE INTO kernels (kernel_key, "
                        "exact_key, graph_key, family_key, name, op_graph, "
                        "shape_bucket, family, target) VALUES (?1, ?2, ?3, "
                        "?4, ?5, ?6, ?7, ?8, ?9)");
  if (!insert)
    return error = sqlite3_errmsg(db_), false;
  insert.bind(1, kernel.kernelKey)
      .bind(2, kernel.exactKey)
      .bind(3, kernel.graphKey)
      .bind(4, kernel.familyKey)
      .bind(5, kernel.name)
      .bind(6, kernel.opGraph)
      .bind(7, kernel.shapeBucket)
      .bind(8, kernel.family)
      .bind(9, kernel.target);
  if (insert.step() != SQLITE_DONE)
    return error = insert.error(), false;
  return true;
}

int64_t ExperienceLibrary::prune(int keep, std::string &error) {
  // One transaction: a prune interrupted halfway leaves the library as it
  // was.
  if (!exec("BEGIN IMMEDIATE", error))
    return -1;
  Statement failed(db_, "DELETE FROM candidates WHERE ok = 0");
  Statement slow(db_, "DELETE FROM candidates WHERE rowid IN (SELECT rowid "
                      "FROM (SELECT rowid, row_number() OVER (PARTITION BY "
                      "kernel_key ORDER BY median_ms) AS rank FROM "
                      "candidates WHERE ok = 1) WHERE rank > ?1)");
  if (!failed || !slow) {
    error = sqlite3_errmsg(db_);
    std::string ignored;
    exec("ROLLBACK", ignored);
    return -1;
  }
  int64_t deleted = 0;
  if (failed.step() != SQLITE_DONE) {
    error = failed.error();
    std::string ignored;
    exec("ROLLBACK", ignored);
    return -1;
  }
  deleted += sqlite3_changes(db_);
  slow.bind(1, int64_t(keep));
  if (slow.step() != SQLITE_DONE) {
    error = slow.error();
    std::string ignored;
    exec("ROLLBACK", ignored);
    return -1;
  }
  deleted += sqlite3_changes(db_);
  if (!exec("COMMIT", error))
    return -1;
  return deleted;
}

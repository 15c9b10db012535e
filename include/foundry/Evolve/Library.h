//===- Library.h - The experience library (SQLite) --------------*- C++ -*-===//
//
// The persistent memory of the search: kernels by fingerprint, every
// candidate evaluated (genome, verdict, time, diagnosis), and the runs that
// produced them. SQLite in WAL mode; every write is one transaction, so a
// search killed at any point loses nothing it had recorded. Retrieval looks
// up the exact fingerprint first, then the same op graph at other shapes,
// then the same op family.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_EVOLVE_LIBRARY_H
#define FOUNDRY_EVOLVE_LIBRARY_H

#include "foundry/Fingerprint/Fingerprint.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

struct sqlite3;

namespace mlir::foundry {

/// One evaluated candidate of a kernel.
struct CandidateRecord {
  /// KernelFingerprint::kernelKey() of its kernel.
  std::string kernelKey;
  /// Digest of the normalized genome, and the genome (the schedule).
  std::string genomeHash;
  std::string genome;
  /// The run that evaluated it (0: none).
  int64_t run = 0;
  /// Stage reached ("ok" when it passed everything) and whether it passed.
  std::string stage;
  bool ok = false;
  /// Median time in milliseconds (0 when not timed).
  double medianMs = 0;
  /// The diagnosis as JSON text.
  std::string diagnosis;
  /// How the candidate was found in retrieval: "exact", "graph", "family".
  std::string match;
};

/// An open experience library. Not thread-safe: one owner (the search).
class ExperienceLibrary {
public:
  /// Opens (creating if needed) the library at `path`; ":memory:" is an
  /// in-memory one. Returns null with `error` on failure, for an empty
  /// path, and for a database that has tables but not the library's.
  /// With `readOnly`, the file must exist and hold a library; nothing is
  /// created or written. A library SQLite cannot read in place (a WAL
  /// database in a folder it cannot create the -shm file in) is read as
  /// immutable.
  static std::unique_ptr<ExperienceLibrary> open(const std::string &path,
                                                 std::string &error,
                                                 bool readOnly = false);
  /// A transaction around several writes (an import): all or nothing.
  bool begin(std::string &error);
  bool commit(std::string &error);
  void rollback();
  /// Within the transaction begun: references between rows (a candidate's
  /// kernel) are checked at the commit, not at each write.
  bool deferForeignKeys(std::string &error);
  /// Records a candidate from an export: its stage, verdict and time must
  /// agree (finite, non-negative, positive when it passed), and a candidate
  /// this library already has is kept. Recorded under run 0.
  bool importCandidate(const CandidateRecord &candidate, std::string &error);
  ~ExperienceLibrary();
  ExperienceLibrary(const ExperienceLibrary &) = delete;
  ExperienceLibrary &operator=(const ExperienceLibrary &) = delete;

  /// Records a kernel (kept if already there).
  bool addKernel(const KernelFingerprint &fingerprint, const std::string &name,
                 std::string &error);
  /// Starts a run; returns its id, or 0 with `error`.
  int64_t beginRun(int64_t seed, const std::string &configuration,
                   std::string &error);
  /// The most recent run started with exactly `configuration`, if any.
  std::optional<int64_t> findRun(const std::string &configuration);
  /// The configuration string of run `run`, if there is such a run.
  std::optional<std::string> runConfiguration(int64_t run);
  /// `PRAGMA integrity_check`: "ok", or what SQLite found wrong.
  std::string integrityCheck();
  /// Records a candidate, replacing an earlier record of the same genome
  /// for the same kernel (the results cache).
  bool recordCandidate(const CandidateRecord &candidate, std::string &error);
  /// The record of `genomeHash` for `kernelKey`, if evaluated before.
  std::optional<CandidateRecord> findCandidate(const std::string &kernelKey,
                                               const std::string &genomeHash);
  /// Up to `limit` passing candidates, fastest first: of the exact kernel,
  /// then of kernels with the same op graph, then of the same family. With
  /// `beatNaive` (a search's seeds: what worked), only tuned schedules
  /// faster than the naive schedule of their own kernel, where that was
  /// recorded.
  std::vector<CandidateRecord> retrieve(const KernelFingerprint &fingerprint,
                                        int limit, bool beatNaive = false);
  /// A kernel as stored: its fingerprint parts and digests.
  struct KernelRow {
    std::string kernelKey, exactKey, graphKey, familyKey, name, opGraph,
        shapeBucket, family, target;
  };
  /// Everything stored, for export.
  std::vector<KernelRow> kernels();
  std::vector<CandidateRecord> candidates();
  /// A kernel's fastest verified schedule: what a tuning spec holds.
  struct BestSchedule {
    std::string kernelKey, exactKey, graphKey, name, target, schedule;
    double medianMs = 0;
    /// The kernel's verified naive time; 0 where none was measured.
    double naiveMs = 0;
  };
  /// Per kernel, the fastest verified candidate without an IR patch (a
  /// patch belongs to the kernel it was written for) that is not the naive
  /// schedule and beat it where that was measured (of equal times, the one
  /// recorded first, as the search picks); ordered by kernel key.
  std::vector<BestSchedule> bestSchedules();
  /// Adds a kernel as exported elsewhere (kept if already there).
  bool importKernel(const KernelRow &kernel, std::string &error);
  /// Deletes failed candidates and all but the `keep` fastest passing ones
  /// of each kernel; returns how many were deleted, or -1 with `error`.
  int64_t prune(int keep, std::string &error);

  /// What one kind of mutation did for one op family: `tries` mutations by
  /// `expert` that made `change` (the schedule passes added and removed,
  /// e.g. "+foundry-promote -foundry-unroll", or "options" when only their
  /// options changed) to a passing parent, `improvements` of them faster
  /// than the parent, and the sum of parent / child time ratios of those
  /// that passed (`gain / passed` is the mean speedup).
  struct Insight {
    std::string familyKey, expert, change;
    int64_t tries = 0, passed = 0, improvements = 0;
    double gain = 0;
  };
  /// Adds one mutation's outcome in run `run` (one transaction). `speedup`
  /// is parent / child time, 0 when the child failed.
  bool recordInsight(const std::string &familyKey, const std::string &expert,
                     const std::string &change, int64_t run, double speedup,
                     std::string &error);
  /// Adds `insight`'s counts to run `run`'s record. Run 0 is an import:
  /// `insight` is then a total over another library's runs, and each count
  /// of this library's total becomes the larger of the two totals (the
  /// excess over this library's own runs kept in run 0's record), so that
  /// importing an export into the library it came from, or twice, changes
  /// nothing.
  bool addInsight(const Insight &insight, int64_t run, std::string &error);
  /// The insights of `familyKey` (all families when empty) summed over
  /// runs, except run `excludeRun` (a run being resumed sees the library as
  /// it was before it), most improving first.
  std::vector<Insight> insights(const std::string &familyKey,
                                int64_t excludeRun = -1);

  /// Number of kernels, runs and candidates recorded.
  struct Stats {
    int64_t kernels = 0, runs = 0, candidates = 0, passed = 0;
  };
  Stats stats();

private:
  ExperienceLibrary() = default;
  /// addInsight for run 0.
  bool importInsight(const Insight &insight, std::string &error);
  bool exec(const char *sql, std::string &error);
  /// The schema version (SQLite's user_version) of an existing library,
  /// 0 for an empty database.
  int64_t version();
  sqlite3 *db_ = nullptr;
};

} // namespace mlir::foundry

#endif // FOUNDRY_EVOLVE_LIBRARY_H

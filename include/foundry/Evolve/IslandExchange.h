//===- IslandExchange.h - Messages between the ranks of a search -*- C++ -*-===//
//
// A distributed search spreads its islands over processes (ranks), one GPU
// each, started by an engine that already runs them: mpirun or Slurm's
// srun. This header is what the search needs of that engine, and nothing
// more: who this rank is, where it runs, point-to-point messages that never
// block the sender, and whether a rank is still alive. lib/Mpi implements
// it over MPI; the search (lib/Evolve) links no MPI.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_EVOLVE_ISLANDEXCHANGE_H
#define FOUNDRY_EVOLVE_ISLANDEXCHANGE_H

#include <chrono>
#include <optional>
#include <string>

namespace mlir::foundry {

/// What a message between ranks carries (its payload is JSON text).
enum class ExchangeKind : int {
  /// Rank 0 to every rank, once: the first generation's seeds, what the
  /// library retrieved and its insights, the search's start.
  Start = 1,
  /// A rank to rank 0: one evaluated candidate (rank 0 writes the library).
  Result = 2,
  /// A rank to rank 0: one mutation's outcome for the library's insights.
  Insight = 3,
  /// The owner of an island to the owner of the next: its best candidates.
  Migrants = 4,
  /// A rank to rank 0: it has stopped searching (its summary).
  Done = 5,
  /// Rank 0 to every rank: the search is over, exit.
  Finish = 6,
  /// Before the first search: each rank to rank 0, where it runs (and what
  /// keeps it from searching); then rank 0 to each rank, go on.
  Hello = 7,
};

struct ExchangeMessage {
  int from = 0;
  ExchangeKind kind = ExchangeKind::Start;
  std::string payload;
  /// When it arrived (not when it was read).
  std::chrono::steady_clock::time_point arrived;
};

/// The ranks of one search and the messages between them. Messages from one
/// rank to another arrive in the order sent. Implementations are used from
/// one thread (the search's).
class IslandExchange {
public:
  virtual ~IslandExchange() = default;
  /// This process's rank, and how many ranks the search has.
  virtual int rank() const = 0;
  virtual int size() const = 0;
  /// The host this rank runs on, and its rank among the ranks of that host
  /// (which selects its GPU).
  virtual std::string host() const = 0;
  virtual int localRank() const = 0;
  /// Queues `payload` for rank `to` and returns at once: a slow or dead
  /// receiver never stalls the sender. Messages to a lost rank are dropped.
  virtual void send(int to, ExchangeKind kind, std::string payload) = 0;
  /// The next message received, waiting at most `seconds` for one (0: only
  /// what has arrived); nothing when none came in time.
  virtual std::optional<ExchangeMessage> receive(double seconds) = 0;
  /// A rank that has not been heard from for a while (its process died, or
  /// its host): the search goes on without it.
  virtual bool lost(int rank) const = 0;
  /// Rank 0's word to finish (the payload of a Finish from rank 0), once one
  /// arrived, whoever read the message itself.
  virtual std::optional<std::string> finishWord() const = 0;
  /// Delivers what is queued (to ranks not lost) and leaves the engine;
  /// after it, nothing is sent or received. `finalize`: every rank is known
  /// to be alive and to leave too (MPI_Finalize waits for all of them).
  virtual void finish(bool finalize) = 0;
};

} // namespace mlir::foundry

#endif // FOUNDRY_EVOLVE_ISLANDEXCHANGE_H

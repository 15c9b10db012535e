//===- Ranks.h - foundry-evolve under mpirun or srun ------------*- C++ -*-===//
//
// How foundry-evolve finds out that a launcher started it as one rank of
// several, joins the others (lib/Mpi), checks that each rank has its GPU,
// and ends them together.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_TOOLS_FOUNDRY_EVOLVE_RANKS_H
#define FOUNDRY_TOOLS_FOUNDRY_EVOLVE_RANKS_H

#include "foundry/Evolve/IslandExchange.h"

#include <memory>
#include <string>
#include <vector>

namespace mlir::foundry {

/// The ranks of a distributed search, as this process sees them.
struct Ranks {
  /// Null for a plain run.
  std::unique_ptr<IslandExchange> exchange;
  /// cuda target: the CUDA device ordinal this rank's foundry-run uses.
  int device = -1;
  /// Rank 0: where every rank runs, by rank.
  struct Member {
    std::string host;
    int localRank = 0, device = -1;
    /// The GPU's name and PCI address (cuda target).
    std::string gpu, pci;
  };
  std::vector<Member> members;

  int rank() const { return exchange ? exchange->rank() : 0; }
  int size() const { return exchange ? exchange->size() : 1; }
};

/// What the launcher that started this process says: the number of ranks
/// it started (mpirun, mpiexec, srun), 0 when none did. One rank is a
/// plain search: only with more does foundry-evolve join them.
int launchedRanks();

/// Joins the other ranks. On the cuda target (`runner` is foundry-run)
/// each rank takes the GPU its node-local rank selects and checks that it
/// is there; rank 0 hears from every rank where it runs. False with
/// `error`, on every rank, when MPI cannot start or a rank has no GPU (the
/// search then does not start: exit status 2).
/// A rank not heard from for `lostAfterSeconds` is lost.
bool joinRanks(Ranks &ranks, const std::string &runner,
               double lostAfterSeconds, std::string &error);

/// Ends the ranks: rank 0 tells the others the search is over, and every
/// rank leaves the job. With `orderly`, a rank but 0 first waits for rank
/// 0's word (or its loss); else (it stops early, an error of its own) it
/// leaves at once, and rank 0 goes on without it once it is lost.
void endRanks(Ranks &ranks, bool orderly);

} // namespace mlir::foundry

#endif // FOUNDRY_TOOLS_FOUNDRY_EVOLVE_RANKS_H

//===- MpiExchange.h - The ranks of a search over MPI -----------*- C++ -*-===//
//
// IslandExchange over MPI (Open MPI from Debian, or any MPI-3 library),
// for a search started by mpirun or srun: a module of its own, built only
// where CMake finds MPI (FOUNDRY_HAVE_MPI), that foundry-evolve loads when a
// launcher started it.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_MPI_MPIEXCHANGE_H
#define FOUNDRY_MPI_MPIEXCHANGE_H

#include "foundry/Evolve/IslandExchange.h"

#include <memory>
#include <string>

namespace mlir::foundry {

/// Joins the MPI job this process was started in. Every MPI call is made by
/// one thread of the exchange's own (MPI_THREAD_FUNNELED), which also
/// exchanges heartbeats: rank 0 hears from every rank and every rank from
/// rank 0 about every second, and a rank not heard from for
/// `lostAfterSeconds` is lost. Null with `error` when MPI cannot start.
std::unique_ptr<IslandExchange> startMpiExchange(double lostAfterSeconds,
                                                 std::string &error);

/// The module (lib/Mpi builds it) that holds startMpiExchange: a tool
/// loads it with dlopen only when a launcher started it, so that neither
/// the tool nor a plain run needs an MPI library on the machine.
inline constexpr const char *kMpiExchangeModule = "libFoundryMpiExchange.so";
/// Its entry point (extern "C"): startMpiExchange, the exchange released
/// to the caller (null with `*error` set).
inline constexpr const char *kMpiExchangeEntry = "foundryStartMpiExchange";
using StartMpiExchangeFn = IslandExchange *(*)(double lostAfterSeconds,
                                               std::string *error);

} // namespace mlir::foundry

#endif // FOUNDRY_MPI_MPIEXCHANGE_H

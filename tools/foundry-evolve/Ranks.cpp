//===- Ranks.cpp - foundry-evolve under mpirun or srun --------------------===//
//
// This file implements how foundry-evolve joins the ranks of a distributed
// search: the launcher's variables, the MPI exchange (lib/Mpi, where the
// build has MPI), each rank's GPU, the hello every rank sends rank 0 and
// rank 0's word to go on or to stop.
//
//===----------------------------------------------------------------------===//

#include "Ranks.h"

#include "foundry/Mpi/MpiExchange.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <map>
#include <tuple>
#include <optional>

using namespace mlir;
using namespace mlir::foundry;

int mlir::foundry::launchedRanks() {
  // Open MPI's mpirun, MPICH's and Intel MPI's Hydra (and srun --mpi=pmi2),
  // PMIx launchers, and any srun step.
  for (const char *name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE",
                           "SLURM_STEP_NUM_TASKS"}) {
    const char *value = std::getenv(name);
    int ranks = 0;
    if (value && !llvm::StringRef(value).getAsInteger(10, ranks) && ranks > 0)
      return ranks;
  }
  return 0;
}

/// The MPI exchange, from the module next to the tool's lib/ (a build or
/// an installed tree), else wherever the dynamic loader finds it.
static std::unique_ptr<IslandExchange>
loadMpiExchange(double lostAfterSeconds, std::string &error) {
  std::string self = llvm::sys::fs::getMainExecutable(
      nullptr, reinterpret_cast<void *>(&launchedRanks));
  // A build tree's lib/, or the installed library directory.
  llvm::sys::DynamicLibrary module;
  std::string why;
  llvm::SmallString<256> beside;
  for (const char *dir : {"lib", FOUNDRY_INSTALL_LIBDIR}) {
    beside = llvm::sys::path::parent_path(llvm::sys::path::parent_path(self));
    llvm::sys::path::append(beside, dir, kMpiExchangeModule);
    if (llvm::sys::fs::exists(beside)) {
      module =
          llvm::sys::DynamicLibrary::getPermanentLibrary(beside.c_str(), &why);
      break;
    }
  }
  if (!module.isValid())
    module = llvm::sys::DynamicLibrary::getPermanentLibrary(kMpiExchangeModule,
                                                            &why);
  if (!module.isValid()) {
    error = "started by a launcher as one of " +
            std::to_string(launchedRanks()) + " ranks, but " +
            kMpiExchangeModule + " cannot be loaded (" + why +
            "): this foundry was built without MPI (install libopenmpi-dev "
            "and build again), or the module is not in " +
            llvm::sys::path::parent_path(beside).str();
    return nullptr;
  }
  auto start = reinterpret_cast<StartMpiExchangeFn>(
      module.getAddressOfSymbol(kMpiExchangeEntry));
  if (!start) {
    error = std::string(kMpiExchangeModule) + " has no " + kMpiExchangeEntry;
    return nullptr;
  }
  return std::unique_ptr<IslandExchange>(start(lostAfterSeconds, &error));
}

static std::string print(const llvm::json::Value &value) {
  std::string text;
  llvm::raw_string_ostream(text) << value;
  return text;
}

static std::optional<llvm::json::Object> parseObject(llvm::StringRef text) {
  llvm::Expected<llvm::json::Value> value = llvm::json::parse(text);
  if (!value) {
    llvm::consumeError(value.takeError());
    return std::nullopt;
  }
  if (llvm::json::Object *object = value->getAsObject())
    return std::move(*object);
  return std::nullopt;
}

/// Whether rank 0's word to finish (`word`) says every rank is alive to
/// leave the job with MPI_Finalize: its list of lost ranks is empty.
static bool everyoneLeaves(const std::optional<llvm::json::Object> &word) {
  const llvm::json::Array *lost = word ? word->getArray("lost") : nullptr;
  return lost && lost->empty();
}

/// The CUDA device ordinal of the rank with node-local rank `localRank`.
static int selectDevice(int localRank) {
  // A launcher that gave each rank a GPU of its own (srun
  // --gpus-per-task=1) leaves one visible: ordinal 0.
  const char *visible = std::getenv("CUDA_VISIBLE_DEVICES");
  if (visible && *visible && !llvm::StringRef(visible).contains(','))
    return 0;
  return localRank;
}

/// Runs `runner --check-device --device=device`; the GPU's name and PCI
/// address, or nothing with `error`.
static std::optional<std::pair<std::string, std::string>>
checkDevice(const std::string &runner, int device, std::string &error) {
  llvm::SmallString<128> out, err;
  if (llvm::sys::fs::createTemporaryFile("foundry-device", "out", out) ||
      llvm::sys::fs::createTemporaryFile("foundry-device", "err", err)) {
    error = "cannot create a temporary file";
    return std::nullopt;
  }
  std::string flag = "--device=" + std::to_string(device);
  llvm::StringRef args[] = {runner, "--check-device", flag};
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, out.str(),
                                                err.str()};
  std::string message;
  int code = llvm::sys::ExecuteAndWait(runner, args, std::nullopt, redirects,
                                       /*SecondsToWait=*/60, 0, &message);
  auto read = [](llvm::StringRef path) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
        llvm::MemoryBuffer::getFile(path);
    return buffer ? (*buffer)->getBuffer().trim().str() : std::string();
  };
  std::string name = read(out), text = read(err);
  llvm::sys::fs::remove(out);
  llvm::sys::fs::remove(err);
  if (code != 0) {
    error = text.empty() ? (message.empty() ? "exit status " +
                                                  std::to_string(code)
                                            : message)
                         : text;
    return std::nullopt;
  }
  auto [gpu, pci] = llvm::StringRef(name).split('\n');
  return std::make_pair(gpu.trim().str(), pci.trim().str());
}

bool mlir::foundry::joinRanks(Ranks &ranks, const std::string &runner,
                              double lostAfterSeconds, std::string &error) {
  ranks.exchange = loadMpiExchange(lostAfterSeconds, error);
  if (!ranks.exchange)
    return false;
  IslandExchange &exchange = *ranks.exchange;
  int rank = exchange.rank(), size = exchange.size();
  Ranks::Member self{exchange.host(), exchange.localRank(), -1, "", ""};
  std::string problem;
  if (!runner.empty()) {
    ranks.device = self.device = selectDevice(self.localRank);
    std::string why;
    if (auto found = checkDevice(runner, ranks.device, why))
      std::tie(self.gpu, self.pci) = *found;
    else
      problem = "rank " + std::to_string(rank) + " (node-local rank " +
                std::to_string(self.localRank) + " on " + self.host +
                ") has no GPU of its own: device " +
                std::to_string(ranks.device) + ": " + why;
  }
  auto fail = [&](const std::string &why, bool finalize = true) {
    error = why;
    exchange.finish(finalize);
    return false;
  };
  if (size == 1) {
    ranks.members = {self};
    return problem.empty() ? true : fail(problem);
  }
  if (rank != 0) {
    exchange.send(0, ExchangeKind::Hello,
                  print(llvm::json::Object{{"host", self.host},
                                           {"local_rank", self.localRank},
                                           {"device", self.device},
                                           {"gpu", self.gpu},
                                           {"pci", self.pci},
                                           {"error", problem}}));
    // Rank 0's word: go on, or stop (a rank's problem).
    while (!exchange.lost(0)) {
      std::optional<ExchangeMessage> message = exchange.receive(0.5);
      if (!message || message->from != 0)
        continue;
      std::optional<llvm::json::Object> word = parseObject(message->payload);
      if (message->kind == ExchangeKind::Hello)
        return problem.empty() ? true : fail(problem);
      if (message->kind == ExchangeKind::Finish)
        return fail(word ? word->getString("error").value_or("").str()
                         : std::string("stopped by rank 0"),
                    everyoneLeaves(word));
    }
    error = "rank " + std::to_string(rank) + ": rank 0 was lost";
    exchange.finish(/*finalize=*/false);
    return false;
  }
  // Rank 0: every rank's hello, or its loss.
  ranks.members.assign(size, {});
  ranks.members[0] = self;
  std::vector<bool> heard(size, false);
  heard[0] = true;
  std::vector<std::string> problems;
  if (!problem.empty())
    problems.push_back(problem);
  auto waiting = [&] {
    for (int r = 1; r < size; ++r)
      if (!heard[r] && !exchange.lost(r))
        return true;
    return false;
  };
  while (waiting()) {
    std::optional<ExchangeMessage> message = exchange.receive(0.5);
    if (!message || message->kind != ExchangeKind::Hello)
      continue;
    std::optional<llvm::json::Object> hello = parseObject(message->payload);
    if (!hello)
      continue;
    Ranks::Member &member = ranks.members[message->from];
    member.host = hello->getString("host").value_or("").str();
    member.localRank = int(hello->getInteger("local_rank").value_or(0));
    member.device = int(hello->getInteger("device").value_or(-1));
    member.gpu = hello->getString("gpu").value_or("").str();
    member.pci = hello->getString("pci").value_or("").str();
    if (llvm::StringRef why = hello->getString("error").value_or("");
        !why.empty())
      problems.push_back(why.str());
    heard[message->from] = true;
  }
  // One GPU per rank: two ranks on one GPU would time each other.
  std::map<std::pair<std::string, std::string>, int> owner;
  for (int r = 0; r < size; ++r) {
    const Ranks::Member &member = ranks.members[r];
    if (!heard[r] || member.pci.empty())
      continue;
    auto [it, fresh] = owner.try_emplace({member.host, member.pci}, r);
    if (!fresh)
      problems.push_back("ranks " + std::to_string(it->second) + " and " +
                         std::to_string(r) + " share the GPU at " +
                         member.pci + " on " + member.host +
                         " (one GPU per rank: start as many ranks as a host "
                         "has GPUs)");
  }
  llvm::json::Array lost;
  for (int r = 1; r < size; ++r)
    if (!heard[r]) {
      lost.push_back(r);
      problems.push_back("rank " + std::to_string(r) + " did not answer");
    }
  if (problems.empty()) {
    for (int r = 1; r < size; ++r)
      exchange.send(r, ExchangeKind::Hello, "{}");
    return true;
  }
  std::string why = llvm::join(problems, "; ");
  bool everyone = lost.empty();
  std::string word =
      print(llvm::json::Object{{"error", why}, {"lost", std::move(lost)}});
  for (int r = 1; r < size; ++r)
    exchange.send(r, ExchangeKind::Finish, word);
  return fail(why, everyone);
}

void mlir::foundry::endRanks(Ranks &ranks, bool orderly) {
  if (!ranks.exchange)
    return;
  IslandExchange &exchange = *ranks.exchange;
  int size = exchange.size();
  if (exchange.rank() == 0) {
    llvm::json::Array lost;
    for (int r = 1; r < size; ++r)
      if (exchange.lost(r))
        lost.push_back(r);
    bool everyone = lost.empty();
    std::string word = print(llvm::json::Object{{"lost", std::move(lost)}});
    for (int r = 1; r < size; ++r)
      exchange.send(r, ExchangeKind::Finish, word);
    exchange.finish(everyone);
    return;
  }
  // The others wait for rank 0's word (it may still be verifying the best
  // and writing the report; a search may have read it already), dropping
  // what a search left behind.
  while (orderly && !exchange.lost(0)) {
    if (std::optional<std::string> word = exchange.finishWord()) {
      exchange.finish(everyoneLeaves(parseObject(*word)));
      return;
    }
    (void)exchange.receive(0.5);
  }
  exchange.finish(/*finalize=*/false);
}

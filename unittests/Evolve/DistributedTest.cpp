//===- DistributedTest.cpp - The search's ranks, without MPI --------------===//
//
// The distributed search's protocol (lib/Evolve/Ranks.cpp) between searches
// on threads of this process, connected by an in-memory IslandExchange: the
// first generation, every candidate reaching rank 0 and its library once,
// a rank's share of the budget, malformed messages, a rank that goes
// silent. The MPI exchange itself is tested under mpirun by lit
// (test/Tools/foundry-evolve-mpi.test).
//
//===----------------------------------------------------------------------===//

#include "foundry/Evolve/IslandExchange.h"
#include "foundry/Evolve/Library.h"
#include "foundry/Evolve/Search.h"
#include "foundry/InitAll.h"
#include "foundry/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include "gtest/gtest.h"

#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <set>
#include <thread>

using namespace mlir;
using namespace mlir::foundry;

namespace {
/// The ranks' mailboxes, in memory.
struct Hub {
  explicit Hub(int size) : inboxes(size), silent(size, false) {}
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<std::deque<ExchangeMessage>> inboxes;
  /// A silent rank's messages go nowhere, and the others see it lost.
  std::vector<bool> silent;
  std::map<int, std::string> finishWords;
};

class LocalExchange final : public IslandExchange {
public:
  LocalExchange(Hub &hub, int rank) : hub_(hub), rank_(rank) {}
  int rank() const override { return rank_; }
  int size() const override { return int(hub_.inboxes.size()); }
  std::string host() const override { return "local"; }
  int localRank() const override { return rank_; }
  void send(int to, ExchangeKind kind, std::string payload) override {
    std::lock_guard lock(hub_.mutex);
    if (to < 0 || to >= size() || hub_.silent[rank_] || hub_.silent[to])
      return;
    if (kind == ExchangeKind::Finish && rank_ == 0)
      hub_.finishWords[to] = payload;
    hub_.inboxes[to].push_back({rank_, kind, std::move(payload),
                                std::chrono::steady_clock::now()});
    hub_.changed.notify_all();
  }
  std::optional<ExchangeMessage> receive(double seconds) override {
    std::unique_lock lock(hub_.mutex);
    std::deque<ExchangeMessage> &inbox = hub_.inboxes[rank_];
    if (inbox.empty() && seconds > 0)
      hub_.changed.wait_for(lock, std::chrono::duration<double>(seconds),
                            [&] { return !inbox.empty(); });
    if (inbox.empty())
      return std::nullopt;
    ExchangeMessage message = std::move(inbox.front());
    inbox.pop_front();
    return message;
  }
  bool lost(int rank) const override {
    std::lock_guard lock(hub_.mutex);
    return hub_.silent[rank];
  }
  std::optional<std::string> finishWord() const override {
    std::lock_guard lock(hub_.mutex);
    auto it = hub_.finishWords.find(rank_);
    if (it == hub_.finishWords.end())
      return std::nullopt;
    return it->second;
  }
  void finish(bool) override {}

private:
  Hub &hub_;
  int rank_;
};

constexpr const char *kRelu = R"mlir(
#id = affine_map<(i, j) -> (i, j)>
module {
  foundry.kernel @relu(%x: tensor<37x300xf32>) -> tensor<37x300xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<37x300xf32>
    %y = linalg.generic {indexing_maps = [#id, #id],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<37x300xf32>) outs(%e : tensor<37x300xf32>) {
    ^bb0(%in: f32, %out: f32):
      %r = arith.maximumf %in, %zero : f32
      linalg.yield %r : f32
    } -> tensor<37x300xf32>
    foundry.yield %y : tensor<37x300xf32>
  }
}
)mlir";

/// One rank: its own context and module, as a process of its own has.
struct RankRun {
  DialectRegistry registry;
  std::unique_ptr<MLIRContext> context;
  OwningOpRef<ModuleOp> module;
  FailureOr<SearchResult> result = failure();

  RankRun() {
    registerAllDialects(registry);
    context = std::make_unique<MLIRContext>(registry);
    context->loadAllAvailableDialects();
    module = parseSourceString<ModuleOp>(kRelu, context.get());
  }
};

SearchOptions options(int budget, IslandExchange *exchange) {
  SearchOptions o;
  o.target = "cpu";
  o.seed = 3;
  o.budgetEvals = budget;
  o.timedRuns = 1;
  o.exchange = exchange;
  return o;
}

/// Runs a search of `ranks` ranks, each on a thread; rank 0 writes
/// `library`. `before` runs on rank r's thread before its search.
std::vector<std::unique_ptr<RankRun>>
runRanks(int ranks, int budget, ExperienceLibrary *library, Hub &hub,
         const std::function<void(int)> &before = {}) {
  std::vector<std::unique_ptr<RankRun>> runs;
  std::vector<std::unique_ptr<LocalExchange>> exchanges;
  for (int r = 0; r < ranks; ++r) {
    runs.push_back(std::make_unique<RankRun>());
    exchanges.push_back(std::make_unique<LocalExchange>(hub, r));
  }
  std::vector<std::thread> threads;
  std::vector<SearchOptions> all;
  for (int r = 0; r < ranks; ++r)
    all.push_back(options(budget, exchanges[r].get()));
  for (int r = 0; r < ranks; ++r)
    threads.emplace_back([&, r] {
      if (before)
        before(r);
      RankRun &run = *runs[r];
      run.result = searchCpu(*run.module, "relu", all[r],
                             r == 0 ? library : nullptr, [] { return false; });
      // Rank 0 leaves once it has every rank's end (or their loss): a rank
      // still waiting for it then sees it gone.
      if (r == 0) {
        std::lock_guard lock(hub.mutex);
        hub.silent[0] = true;
        hub.changed.notify_all();
      }
    });
  for (std::thread &t : threads)
    t.join();
  return runs;
}

std::set<std::pair<int, std::string>> firstGeneration(const SearchResult &r) {
  std::set<std::pair<int, std::string>> first;
  for (const Evaluated &e : r.evaluated)
    if (e.generation == 0 && !e.genome.empty())
      first.insert({e.island, e.hash});
  return first;
}

class DistributedSearch : public ::testing::Test {
protected:
  static void SetUpTestSuite() { registerAllPasses(); }
};
} // namespace

TEST_F(DistributedSearch, TwoRanksShareOneSearchAndOneLibrary) {
  // The first generation of one process with the same seed.
  RankRun plain;
  SearchOptions alone = options(40, nullptr);
  FailureOr<SearchResult> single = searchCpu(*plain.module, "relu", alone,
                                             nullptr, [] { return false; });
  ASSERT_TRUE(succeeded(single));

  std::string error;
  std::unique_ptr<ExperienceLibrary> library =
      ExperienceLibrary::open(":memory:", error);
  ASSERT_TRUE(library) << error;
  Hub hub(2);
  auto runs = runRanks(2, 40, library.get(), hub);
  ASSERT_TRUE(succeeded(runs[0]->result));
  const SearchResult &result = *runs[0]->result;

  ASSERT_EQ(result.ranks.size(), 2u);
  EXPECT_FALSE(result.ranks[1].lost);
  std::set<int> from;
  std::set<std::string> fresh;
  int fromRank1 = 0;
  for (const Evaluated &e : result.evaluated) {
    from.insert(e.rank);
    if (!e.cached)
      fresh.insert(e.hash);
    fromRank1 += e.rank == 1 && !e.cached;
  }
  EXPECT_EQ(from, (std::set<int>{0, 1}));
  // Rank 1's summary counts what rank 0 received of it.
  EXPECT_EQ(result.ranks[1].evaluations, fromRank1);
  // Islands 1 and 3 are rank 1's, 0 and 2 rank 0's: together the first
  // generation of the search of one process.
  EXPECT_EQ(firstGeneration(result), firstGeneration(*single));
  for (const Evaluated &e : result.evaluated) {
    if (e.generation == 0 && !e.genome.empty()) {
      EXPECT_EQ(e.rank, e.island % 2) << e.genome;
    }
  }
  // Every candidate once in the library, nothing else.
  EXPECT_EQ(library->stats().candidates, int64_t(fresh.size()));
  // The budget is shared: 20 each, the naive schedule of rank 1 outside
  // its share.
  EXPECT_LE(result.ranks[0].evaluations, 20);
  EXPECT_LE(result.ranks[1].evaluations, 21);
}

TEST_F(DistributedSearch, AShareOfNothingIsNoEvaluation) {
  // 3 evaluations over 4 ranks: ranks 1 to 3 get none but their baseline.
  Hub hub(4);
  auto runs = runRanks(4, 3, nullptr, hub);
  ASSERT_TRUE(succeeded(runs[0]->result));
  ASSERT_EQ(runs[0]->result->ranks.size(), 4u);
  EXPECT_EQ(runs[0]->result->ranks[0].evaluations, 3);
  for (int r = 1; r < 4; ++r)
    EXPECT_EQ(runs[0]->result->ranks[r].evaluations, 1) << "rank " << r;
}

TEST_F(DistributedSearch, MalformedMessagesAreDropped) {
  // What a peer of another build might send, before the search starts:
  // not JSON, JSON of the wrong shape, a result without fields, migrants
  // for an island rank 0 does not own, a start from a rank but 0 (rank 1's
  // own).
  Hub hub(2);
  {
    LocalExchange rank1(hub, 1);
    rank1.send(0, ExchangeKind::Result, "not json");
    rank1.send(0, ExchangeKind::Result, "[1, 2]");
    rank1.send(0, ExchangeKind::Result,
               R"({"kernel": "relu", "candidate": {"genome": 3}})");
    rank1.send(0, ExchangeKind::Migrants,
               R"({"kernel": "relu", "island": 1, "migrants": [{}]})");
    rank1.send(0, ExchangeKind::Insight, R"({"kernel": "relu"})");
    rank1.send(1, ExchangeKind::Start, R"({"kernel": "relu", "islands": 7})");
  }
  auto runs = runRanks(2, 16, nullptr, hub);
  ASSERT_TRUE(succeeded(runs[0]->result));
  for (const Evaluated &e : runs[0]->result->evaluated)
    EXPECT_FALSE(e.genome == "3") << "a malformed result was taken";
  EXPECT_EQ(runs[0]->result->ranks.size(), 2u);
}

TEST_F(DistributedSearch, ARankThatGoesSilentIsLost) {
  // Rank 1 falls silent as it starts: rank 0 searches its own islands,
  // waits for rank 1 no longer than it is heard from, and says it is lost.
  Hub hub(2);
  auto runs = runRanks(2, 12, nullptr, hub, [&](int r) {
    if (r == 1) {
      std::lock_guard lock(hub.mutex);
      hub.silent[1] = true;
    }
  });
  ASSERT_TRUE(succeeded(runs[0]->result));
  ASSERT_EQ(runs[0]->result->ranks.size(), 2u);
  EXPECT_TRUE(runs[0]->result->ranks[1].lost);
  EXPECT_EQ(runs[0]->result->ranks[1].evaluations, 0);
}

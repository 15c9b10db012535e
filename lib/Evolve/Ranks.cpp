//===- Ranks.cpp - The islands of one search over several ranks ----------===//
//
// This file implements the distributed side of the search
// (SearchOptions::exchange): rank 0 proposes the first generation of every
// island and sends it to the others; each rank evolves the islands it owns,
// sends rank 0 what it evaluates (rank 0 alone writes the library) and its
// islands' best to the owner of the next island; at the end rank 0 waits
// for each rank's summary, or its loss. Every message is JSON text.
//
//===----------------------------------------------------------------------===//

#include "SearchState.h"

#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace mlir;
using namespace mlir::foundry;
using namespace mlir::foundry::detail;

/// How long rank 0 waits for the other ranks' summaries once interrupted:
/// their launcher is stopping them too.
static constexpr double kInterruptedWaitSeconds = 2;

static llvm::json::Value toJson(const Evaluated &e) {
  llvm::json::Object object{{"genome", e.genome},
                            {"hash", e.hash},
                            {"expert", e.expert},
                            {"island", e.island},
                            {"generation", e.generation},
                            {"rank", e.rank},
                            {"stage", e.stage},
                            {"ok", e.ok},
                            {"median_ms", e.medianMs},
                            {"diagnosis", e.diagnosis},
                            {"rationale", e.rationale},
                            {"cached", e.cached},
                            {"resumed", e.resumed},
                            {"from_library", e.fromLibrary},
                            {"pruned", e.pruned},
                            {"seconds", e.seconds}};
  if (e.diagnosed)
    object["diag"] = llvm::json::Object{
        {"blocks_per_sm", e.diag.occupancy.blocksPerSm},
        {"occupancy", e.diag.occupancy.fraction},
        {"limiter", e.diag.occupancy.limiter},
        {"spill_bytes", e.diag.spillBytes},
        {"blocks", e.diag.blocks},
        {"threads_per_block", e.diag.threadsPerBlock},
        {"memory_fraction", e.diag.memoryFraction},
        {"compute_fraction", e.diag.computeFraction},
        {"bottleneck", e.diag.bottleneck},
        {"hint", e.diag.hint}};
  return object;
}

/// `value` as a candidate; false when a field is missing or of another
/// type (a message from a rank of another build).
static bool fromJson(const llvm::json::Value &value, Evaluated &e) {
  const llvm::json::Object *object = value.getAsObject();
  if (!object)
    return false;
  auto text = [&](llvm::StringRef key, std::string &into) {
    std::optional<llvm::StringRef> field = object->getString(key);
    if (field)
      into = field->str();
    return field.has_value();
  };
  auto integer = [&](const llvm::json::Object &from, llvm::StringRef key,
                     auto &into) {
    std::optional<int64_t> field = from.getInteger(key);
    if (field)
      into = *field;
    return field.has_value();
  };
  auto number = [&](const llvm::json::Object &from, llvm::StringRef key,
                    double &into) {
    std::optional<double> field = from.getNumber(key);
    if (field)
      into = *field;
    return field.has_value();
  };
  auto flag = [&](llvm::StringRef key, bool &into) {
    std::optional<bool> field = object->getBoolean(key);
    if (field)
      into = *field;
    return field.has_value();
  };
  bool ok = text("genome", e.genome) && text("hash", e.hash) &&
            text("expert", e.expert) && integer(*object, "island", e.island) &&
            integer(*object, "generation", e.generation) &&
            integer(*object, "rank", e.rank) && text("stage", e.stage) &&
            flag("ok", e.ok) && number(*object, "median_ms", e.medianMs) &&
            text("diagnosis", e.diagnosis) && text("rationale", e.rationale) &&
            flag("cached", e.cached) && flag("resumed", e.resumed) &&
            flag("from_library", e.fromLibrary) && flag("pruned", e.pruned) &&
            number(*object, "seconds", e.seconds);
  if (!ok)
    return false;
  e.diagnosed = false;
  if (const llvm::json::Object *diag = object->getObject("diag")) {
    Diagnosis &d = e.diag;
    std::optional<llvm::StringRef> limiter = diag->getString("limiter"),
                                   bottleneck = diag->getString("bottleneck"),
                                   hint = diag->getString("hint");
    if (!limiter || !bottleneck || !hint ||
        !integer(*diag, "blocks_per_sm", d.occupancy.blocksPerSm) ||
        !number(*diag, "occupancy", d.occupancy.fraction) ||
        !integer(*diag, "spill_bytes", d.spillBytes) ||
        !integer(*diag, "blocks", d.blocks) ||
        !integer(*diag, "threads_per_block", d.threadsPerBlock) ||
        !number(*diag, "memory_fraction", d.memoryFraction) ||
        !number(*diag, "compute_fraction", d.computeFraction))
      return false;
    d.occupancy.limiter = limiter->str();
    d.bottleneck = bottleneck->str();
    d.hint = hint->str();
    e.diagnosed = true;
  }
  return true;
}

static std::string print(llvm::json::Value value) {
  std::string text;
  llvm::raw_string_ostream(text) << value;
  return text;
}

int Search::evaluationBudget() const {
  int budget = options_.budgetEvals;
  if (!distributed() || budget <= 0)
    return budget;
  int islands = std::max(1, options_.islands), size = options_.exchange->size();
  auto share = [&](int r) {
    int owned = r < islands ? (islands - 1 - r) / size + 1 : 0;
    return int(int64_t(budget) * owned / islands);
  };
  if (rank() != 0)
    return share(rank());
  int others = 0;
  for (int r = 1; r < size; ++r)
    others += share(r);
  return budget - others;
}

bool Search::shareSeeds(std::vector<std::vector<Proposal>> &seeds) {
  IslandExchange &exchange = *options_.exchange;
  if (rank() == 0) {
    llvm::json::Array islands;
    for (const std::vector<Proposal> &island : seeds) {
      llvm::json::Array proposals;
      for (const Proposal &p : island) {
        llvm::json::Object proposal{{"genome", p.genome},
                                    {"expert", p.expert}};
        if (auto it = rationales_.find(p.genome); it != rationales_.end())
          proposal["rationale"] = it->second;
        proposals.push_back(std::move(proposal));
      }
      islands.push_back(std::move(proposals));
    }
    llvm::json::Object insights;
    for (const auto &[expert, counts] : expertSuccess_)
      insights[expert] = llvm::json::Array{counts.first, counts.second};
    std::string start = print(llvm::json::Object{
        {"kernel", kernelName_},
        {"elapsed", secondsElapsed()},
        {"islands", std::move(islands)},
        {"retrieved", llvm::json::Array(retrieved_)},
        {"insights", std::move(insights)}});
    for (int r = 1; r < exchange.size(); ++r)
      exchange.send(r, ExchangeKind::Start, start);
    seedsShared_ = true;
    return true;
  }
  // The other ranks wait for rank 0's start of this kernel (what another
  // kernel's search left behind is dropped), unless it came while they
  // timed the naive schedule.
  while (true) {
    if (!startMessage_) {
      if (exchange.lost(0)) {
        result_.stopReason = "rank 0 lost before the first generation";
        return false;
      }
      if (stop_ && stop_()) {
        result_.stopReason = "interrupted";
        return false;
      }
      // Migrants from a rank that started first are kept.
      if (std::optional<ExchangeMessage> message = exchange.receive(0.5))
        handleMessage(*message);
      if (finishRequested()) {
        result_.stopReason = "stopped by rank 0";
        return false;
      }
      continue;
    }
    ExchangeMessage message = std::move(*startMessage_);
    startMessage_.reset();
    llvm::Expected<llvm::json::Value> parsed =
        llvm::json::parse(message.payload);
    if (!parsed) {
      llvm::consumeError(parsed.takeError());
      continue;
    }
    const llvm::json::Object *start = parsed->getAsObject();
    if (!start || start->getString("kernel") != kernelName_)
      continue;
    seedsShared_ = true;
    if (start->getBoolean("failed").value_or(false)) {
      result_.stopReason = "rank 0 failed before the first generation";
      return false;
    }
    // The search's clock is rank 0's when it sent the start: the time
    // budget is global.
    if (std::optional<double> elapsed = start->getNumber("elapsed");
        elapsed && std::isfinite(*elapsed) && *elapsed >= 0 &&
        *elapsed < 1e7)
      start_ = message.arrived -
               std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                   std::chrono::duration<double>(*elapsed));
    if (const llvm::json::Array *islands = start->getArray("islands"))
      for (size_t i = 0; i < islands->size() && i < seeds.size(); ++i)
        if (const llvm::json::Array *proposals = (*islands)[i].getAsArray())
          for (const llvm::json::Value &value : *proposals) {
            const llvm::json::Object *proposal = value.getAsObject();
            if (!proposal)
              continue;
            std::optional<llvm::StringRef> genome =
                proposal->getString("genome");
            std::optional<llvm::StringRef> expert =
                proposal->getString("expert");
            if (!genome || !expert)
              continue;
            seeds[i].push_back({genome->str(), expert->str()});
            if (std::optional<llvm::StringRef> rationale =
                    proposal->getString("rationale"))
              rationales_[genome->str()] = rationale->str();
          }
    if (const llvm::json::Array *retrieved = start->getArray("retrieved"))
      for (const llvm::json::Value &genome : *retrieved)
        if (std::optional<llvm::StringRef> text = genome.getAsString())
          retrieved_.push_back(text->str());
    if (const llvm::json::Object *insights = start->getObject("insights"))
      for (const auto &[expert, counts] : *insights)
        if (const llvm::json::Array *pair = counts.getAsArray();
            pair && pair->size() == 2 && (*pair)[0].getAsInteger() &&
            (*pair)[1].getAsInteger())
          expertSuccess_[expert.str()] = {*(*pair)[0].getAsInteger(),
                                          *(*pair)[1].getAsInteger()};
    // From here on each rank draws its own proposals.
    std::seed_seq seed{options_.seed, unsigned(rank())};
    rng_.seed(seed);
    return true;
  }
}

void Search::shareEvaluation(const Evaluated &record) {
  if (rank() == 0)
    return;
  llvm::json::Object message{{"kernel", kernelName_},
                             {"candidate", toJson(record)}};
  options_.exchange->send(0, ExchangeKind::Result, print(std::move(message)));
}

void Search::shareInsight(const std::string &expert, const std::string &change,
                          double speedup) {
  options_.exchange->send(
      0, ExchangeKind::Insight,
      print(llvm::json::Object{{"kernel", kernelName_},
                               {"expert", expert},
                               {"change", change},
                               {"speedup", speedup}}));
}

void Search::acceptRemote(Evaluated record) {
  // The library's verdict cache holds what this search evaluated once: a
  // rank's cached candidates and the naive schedule each rank times for
  // itself are not written again (rank 0's own naive time stays).
  if (!record.cached && !record.genome.empty() &&
      !llvm::is_contained({"no-gpu", "worker", "cancelled"}, record.stage))
    recordInLibrary(record);
  // Proposed here later, it is known.
  if (!seen_.count(record.hash) &&
      !llvm::is_contained({"no-gpu", "worker", "cancelled"}, record.stage))
    seen_[record.hash] = record;
  result_.evaluated.push_back(record);
  if (options_.onEvaluated)
    options_.onEvaluated(record);
  if (record.ok && (!result_.best.ok || record.medianMs < result_.best.medianMs))
    result_.best = record;
  if (options_.progress)
    options_.progress(
        llvm::formatv("[rank {0}] island {1} gen {2} {3}: {4}{5}  {6}",
                      record.rank, record.island, record.generation,
                      record.expert,
                      record.ok ? llvm::formatv("{0:F4} ms", record.medianMs)
                                      .str()
                                : record.stage,
                      record.cached ? " (cached)" : "",
                      displayGenome(record.genome))
            .str());
}

void Search::serveRanks(double seconds) {
  IslandExchange &exchange = *options_.exchange;
  for (std::optional<ExchangeMessage> message = exchange.receive(seconds);
       message; message = exchange.receive(0))
    handleMessage(*message);
}

void Search::handleMessage(const ExchangeMessage &message) {
  // Only rank 0 starts and ends a search (the exchange keeps its word to
  // finish: finishRequested).
  if (message.kind == ExchangeKind::Finish ||
      (message.kind == ExchangeKind::Start && message.from != 0))
    return;
  llvm::Expected<llvm::json::Value> parsed =
      llvm::json::parse(message.payload);
  if (!parsed) {
    llvm::consumeError(parsed.takeError());
    return;
  }
  const llvm::json::Object *object = parsed->getAsObject();
  if (!object || object->getString("kernel") != kernelName_)
    return; // another kernel's, late
  {
    switch (message.kind) {
    case ExchangeKind::Start:
      // The first generation, come early: for shareSeeds.
      if (rank() != 0)
        startMessage_ = message;
      break;
    case ExchangeKind::Result: {
      Evaluated record;
      const llvm::json::Value *candidate = object->get("candidate");
      if (rank() == 0 && candidate && fromJson(*candidate, record)) {
        record.rank = message.from;
        acceptRemote(std::move(record));
      }
      break;
    }
    case ExchangeKind::Insight: {
      std::optional<llvm::StringRef> expert = object->getString("expert"),
                                     change = object->getString("change");
      std::optional<double> speedup = object->getNumber("speedup");
      std::string error;
      if (rank() == 0 && library_ && expert && change && speedup)
        (void)library_->recordInsight(fingerprint_.familyKey(), expert->str(),
                                      change->str(), run_, *speedup, error);
      break;
    }
    case ExchangeKind::Migrants: {
      std::optional<int64_t> island = object->getInteger("island");
      const llvm::json::Array *records = object->getArray("migrants");
      if (!island || !records || !ownsIsland(int(*island)))
        break;
      for (const llvm::json::Value &value : *records) {
        Evaluated record;
        if (fromJson(value, record))
          arrivedMigrants_[int(*island)].push_back(std::move(record));
      }
      break;
    }
    case ExchangeKind::Done: {
      if (rank() != 0)
        break;
      SearchResult::RankSummary &end = rankEnds_[message.from];
      end.rank = message.from;
      end.evaluations = int(object->getInteger("evaluations").value_or(0));
      end.seconds = object->getNumber("seconds").value_or(0);
      end.stopReason =
          object->getString("stop_reason").value_or("").str();
      break;
    }
    default:
      break;
    }
  }
}

void Search::sendMigrants(int island, const std::vector<Evaluated> &migrants) {
  llvm::json::Array records;
  for (const Evaluated &e : migrants)
    records.push_back(toJson(e));
  int owner = island % options_.exchange->size();
  options_.exchange->send(owner, ExchangeKind::Migrants,
                          print(llvm::json::Object{{"kernel", kernelName_},
                                                   {"island", island},
                                                   {"migrants",
                                                    std::move(records)}}));
}

void Search::takeMigrants(int island, std::vector<Evaluated> &members) {
  if (!distributed())
    return;
  serveRanks();
  auto it = arrivedMigrants_.find(island);
  if (it == arrivedMigrants_.end())
    return;
  members.insert(members.end(), it->second.begin(), it->second.end());
  arrivedMigrants_.erase(it);
}

void Search::finishRanks() {
  if (!distributed())
    return;
  IslandExchange &exchange = *options_.exchange;
  std::string reason = result_.stopReason;
  if (reason.empty())
    reason = stop_ && stop_() ? "interrupted" : "budget spent";
  if (rank() != 0) {
    if (!doneSent_)
      exchange.send(0, ExchangeKind::Done,
                    print(llvm::json::Object{{"kernel", kernelName_},
                                             {"evaluations", evaluations_},
                                             {"seconds", secondsElapsed()},
                                             {"stop_reason", reason}}));
    doneSent_ = true;
    return;
  }
  // Rank 0: every rank's end, or its loss. Its own seconds end here, before
  // the wait.
  double ownSeconds = secondsElapsed();
  auto pending = [&] {
    for (int r = 1; r < exchange.size(); ++r)
      if (!rankEnds_.count(r) && !exchange.lost(r))
        return true;
    return false;
  };
  if (options_.progress && pending())
    options_.progress("waiting for the other ranks to end their searches");
  auto interruptedAt = std::chrono::steady_clock::time_point::max();
  while (pending()) {
    if (stop_ && stop_() &&
        interruptedAt == std::chrono::steady_clock::time_point::max())
      interruptedAt = std::chrono::steady_clock::now();
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                      interruptedAt)
            .count() > kInterruptedWaitSeconds)
      break;
    serveRanks(0.2);
  }
  serveRanks();
  result_.ranks.clear();
  result_.ranks.push_back({0, evaluations_, ownSeconds, reason, false});
  for (int r = 1; r < exchange.size(); ++r) {
    SearchResult::RankSummary end;
    if (auto it = rankEnds_.find(r); it != rankEnds_.end()) {
      end = it->second;
    } else {
      // What rank 0 received of it.
      end.rank = r;
      end.lost = exchange.lost(r);
      end.stopReason = end.lost ? "lost (not heard from)" : "no summary";
      for (const Evaluated &e : result_.evaluated)
        if (e.rank == r) {
          end.evaluations += !e.cached || e.resumed;
          end.seconds = std::max(end.seconds, e.seconds);
        }
    }
    result_.ranks.push_back(end);
  }
}

void Search::abandonRanks() {
  if (!distributed())
    return;
  IslandExchange &exchange = *options_.exchange;
  if (rank() == 0 && !seedsShared_) {
    std::string start = print(llvm::json::Object{{"kernel", kernelName_},
                                                 {"failed", true}});
    for (int r = 1; r < exchange.size(); ++r)
      exchange.send(r, ExchangeKind::Start, start);
    seedsShared_ = true;
  }
  if (rank() != 0 && !doneSent_) {
    exchange.send(0, ExchangeKind::Done,
                  print(llvm::json::Object{
                      {"kernel", kernelName_},
                      {"evaluations", evaluations_},
                      {"seconds", secondsElapsed()},
                      {"stop_reason", result_.stopReason.empty()
                                          ? std::string("failed")
                                          : result_.stopReason}}));
    doneSent_ = true;
  }
}

//===- MpiExchange.cpp - The ranks of a search over MPI -------------------===//
//
// This file implements IslandExchange over MPI. One thread of the
// exchange's own makes every MPI call: it initializes MPI, posts the sends
// the search queued (MPI_Isend, so a slow receiver never blocks the
// search), receives whatever arrived (MPI_Iprobe, MPI_Recv), exchanges
// heartbeats and declares lost a peer it has not heard from for a while.
// The search thread only queues and dequeues, under a mutex.
//
//===----------------------------------------------------------------------===//

#include "foundry/Mpi/MpiExchange.h"

// The C API only (Open MPI's and MPICH's C++ bindings are deprecated).
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>

#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <list>
#include <mutex>
#include <thread>
#include <vector>

using namespace mlir;
using namespace mlir::foundry;

namespace {
using Clock = std::chrono::steady_clock;

/// The tag of heartbeats; messages of the search use their ExchangeKind.
constexpr int kHeartbeatTag = 100;
constexpr std::chrono::milliseconds kHeartbeatPeriod(500);
/// How long finish() waits for queued messages to be delivered.
constexpr std::chrono::seconds kDrainLimit(10);

class MpiExchange final : public IslandExchange {
public:
  explicit MpiExchange(double lostAfterSeconds)
      : lostAfter_(std::chrono::duration_cast<Clock::duration>(
            std::chrono::duration<double>(lostAfterSeconds))) {}
  ~MpiExchange() override { finish(false); }

  /// Starts the thread and waits until MPI is initialized (or not).
  bool start(std::string &error) {
    thread_ = std::thread([this] { serve(); });
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return started_ || !startError_.empty(); });
    error = startError_;
    return started_;
  }

  int rank() const override { return rank_; }
  int size() const override { return size_; }
  std::string host() const override { return host_; }
  int localRank() const override { return localRank_; }

  void send(int to, ExchangeKind kind, std::string payload) override {
    std::lock_guard lock(mutex_);
    if (finishing_ || to < 0 || to >= size_ || to == rank_ || lost_[to])
      return;
    outbox_.push_back({to, int(kind), std::move(payload)});
  }

  std::optional<ExchangeMessage> receive(double seconds) override {
    std::unique_lock lock(mutex_);
    if (inbox_.empty() && seconds > 0)
      changed_.wait_for(lock, std::chrono::duration<double>(seconds),
                        [&] { return !inbox_.empty() || ended_; });
    if (inbox_.empty())
      return std::nullopt;
    ExchangeMessage message = std::move(inbox_.front());
    inbox_.pop_front();
    return message;
  }

  bool lost(int rank) const override {
    std::lock_guard lock(mutex_);
    return rank >= 0 && rank < size_ && lost_[rank];
  }

  std::optional<std::string> finishWord() const override {
    std::lock_guard lock(mutex_);
    return finishWord_;
  }

  void finish(bool finalize) override {
    {
      std::lock_guard lock(mutex_);
      if (finishing_ && !thread_.joinable())
        return;
      finishing_ = true;
      finalize_ = finalize;
    }
    changed_.notify_all();
    if (thread_.joinable())
      thread_.join();
  }

private:
  struct Outgoing {
    int to, tag;
    std::string payload;
  };
  /// The thread that makes every MPI call.
  void serve();

  const Clock::duration lostAfter_;
  std::thread thread_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  // Set by the thread once MPI is up (then constant), or the reason not.
  bool started_ = false;
  std::string startError_;
  int rank_ = 0, size_ = 1, localRank_ = 0;
  std::string host_;
  // Guarded by mutex_.
  bool finishing_ = false, finalize_ = false, ended_ = false;
  std::deque<Outgoing> outbox_;
  std::deque<ExchangeMessage> inbox_;
  std::optional<std::string> finishWord_;
  std::vector<Clock::time_point> lastHeard_;
  std::vector<char> lost_;
};
} // namespace

void MpiExchange::serve() {
  // Open MPI's own handlers for SIGSEGV and the like would stand in for
  // LLVM's crash recovery, which catches crashes of MLIR's parser.
  setenv("OMPI_MCA_opal_signal", "", /*overwrite=*/0);
  int provided = 0;
  if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided) !=
      MPI_SUCCESS) {
    std::lock_guard lock(mutex_);
    startError_ = "MPI_Init_thread failed";
    ended_ = true;
    changed_.notify_all();
    return;
  }
  // This thread makes every MPI call while the search's thread runs: the
  // library must allow other threads beside it.
  if (provided < MPI_THREAD_FUNNELED) {
    MPI_Finalize();
    std::lock_guard lock(mutex_);
    startError_ = "the MPI library gives no thread support (MPI_Init_thread "
                  "provided MPI_THREAD_SINGLE)";
    ended_ = true;
    changed_.notify_all();
    return;
  }
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  int rank = 0, size = 1, localRank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm node;
  if (MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank,
                          MPI_INFO_NULL, &node) == MPI_SUCCESS) {
    MPI_Comm_rank(node, &localRank);
    MPI_Comm_free(&node);
  }
  char name[MPI_MAX_PROCESSOR_NAME] = {};
  int length = 0;
  MPI_Get_processor_name(name, &length);
  {
    std::lock_guard lock(mutex_);
    rank_ = rank;
    size_ = size;
    localRank_ = localRank;
    host_.assign(name, length);
    lastHeard_.assign(size, Clock::now());
    lost_.assign(size, false);
    started_ = true;
  }
  changed_.notify_all();

  // Rank 0 watches every rank; the others watch rank 0.
  std::vector<int> peers;
  for (int r = 0; r < size; ++r)
    if (r != rank && (rank == 0 || r == 0))
      peers.push_back(r);
  struct Sending {
    std::string buffer;
    MPI_Request request;
    int to;
  };
  std::list<Sending> sending, abandoned;
  static const char beat = 0;
  Clock::time_point lastBeat{}, drainUntil = Clock::time_point::max();
  bool finalize = false;
  while (true) {
    bool active = false, finishing;
    std::deque<Outgoing> out;
    {
      std::lock_guard lock(mutex_);
      out.swap(outbox_);
      finishing = finishing_;
      finalize = finalize_;
    }
    for (Outgoing &message : out) {
      sending.push_back({std::move(message.payload), MPI_REQUEST_NULL,
                         message.to});
      Sending &s = sending.back();
      MPI_Isend(s.buffer.data(), int(s.buffer.size()), MPI_CHAR, s.to,
                message.tag, MPI_COMM_WORLD, &s.request);
      active = true;
    }
    for (auto it = sending.begin(); it != sending.end();) {
      int done = 0;
      if (MPI_Test(&it->request, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS)
        done = 1; // an error for this peer: nothing more to do
      it = done ? sending.erase(it) : std::next(it);
    }
    while (true) {
      int flag = 0;
      MPI_Status status;
      if (MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag,
                     &status) != MPI_SUCCESS ||
          !flag)
        break;
      int count = 0;
      MPI_Get_count(&status, MPI_CHAR, &count);
      std::string payload(size_t(std::max(count, 0)), '\0');
      MPI_Recv(payload.data(), count, MPI_CHAR, status.MPI_SOURCE,
               status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      active = true;
      std::lock_guard lock(mutex_);
      int from = status.MPI_SOURCE;
      lastHeard_[from] = Clock::now();
      // A rank once lost stays lost: the search went on without it.
      if (status.MPI_TAG != kHeartbeatTag && !lost_[from]) {
        if (status.MPI_TAG == int(ExchangeKind::Finish) && from == 0)
          finishWord_ = payload;
        inbox_.push_back({from, ExchangeKind(status.MPI_TAG),
                          std::move(payload), Clock::now()});
        changed_.notify_all();
      }
    }
    Clock::time_point now = Clock::now();
    {
      std::lock_guard lock(mutex_);
      for (int peer : peers)
        if (!lost_[peer] && now - lastHeard_[peer] > lostAfter_) {
          lost_[peer] = true;
          changed_.notify_all();
        }
      if (now - lastBeat >= kHeartbeatPeriod) {
        lastBeat = now;
        for (int peer : peers)
          if (!lost_[peer]) {
            MPI_Request request;
            if (MPI_Isend(&beat, 0, MPI_CHAR, peer, kHeartbeatTag,
                          MPI_COMM_WORLD, &request) == MPI_SUCCESS)
              MPI_Request_free(&request);
          }
      }
      // Sends to a rank lost since are given up (their buffers kept: MPI
      // may still hold them).
      if (finishing) {
        for (auto it = sending.begin(); it != sending.end();) {
          if (lost_[it->to])
            abandoned.splice(abandoned.end(), sending, it++);
          else
            ++it;
        }
      }
    }
    if (finishing) {
      if (drainUntil == Clock::time_point::max())
        drainUntil = now + kDrainLimit;
      if (sending.empty() || now > drainUntil)
        break;
    }
    if (!active)
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  // MPI_Finalize waits for every rank: only when all of them will call it.
  // Sends not delivered keep their buffers to the end of the process.
  abandoned.splice(abandoned.end(), sending);
  // MPI_Finalize waits for every rank: only once a barrier shows that all
  // of them got here (one that died since rank 0 last heard from it would
  // hold the others in MPI_Finalize for ever).
  if (finalize && abandoned.empty()) {
    MPI_Request barrier;
    int done = 0;
    Clock::time_point until = Clock::now() + lostAfter_;
    if (MPI_Ibarrier(MPI_COMM_WORLD, &barrier) == MPI_SUCCESS)
      while (!done && Clock::now() < until) {
        if (MPI_Test(&barrier, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS)
          break;
        if (!done)
          std::this_thread::sleep_for(std::chrono::milliseconds(2));
      }
    finalize = done;
  }
  if (finalize && abandoned.empty())
    MPI_Finalize();
  else if (!abandoned.empty())
    (void)new std::list<Sending>(std::move(abandoned));
  std::lock_guard lock(mutex_);
  ended_ = true;
  changed_.notify_all();
}

std::unique_ptr<IslandExchange>
mlir::foundry::startMpiExchange(double lostAfterSeconds, std::string &error) {
  auto exchange = std::make_unique<MpiExchange>(lostAfterSeconds);
  if (!exchange->start(error))
    return nullptr;
  return exchange;
}

extern "C" __attribute__((visibility("default"))) IslandExchange *
foundryStartMpiExchange(double lostAfterSeconds, std::string *error) {
  return startMpiExchange(lostAfterSeconds, *error).release();
}

//===- foundry-evolve.cpp - Search the fastest verified schedule ----------===//
//
// The main job: searches schedules for every kernel of a file with the
// island search of lib/Evolve, records what it learns in the experience
// library, and writes the best schedule found (best.mlir, the kernels with
// their #foundry.schedule) and a report (report.json, report.md,
// report.html).
// On the cuda target every candidate is compiled for sm_90 and judged by a
// foundry-run child; on the cpu target by the JIT (docs/evolve.md).
//
//   foundry-evolve bench/kernelbench/level1/23_softmax_small.mlir -o out/evolve
//
//===----------------------------------------------------------------------===//

#include "HtmlReport.h"
#include "Ranks.h"

#include "foundry/Dialect/Foundry/IR/Foundry.h"
#include "foundry/Evolve/LlmExpert.h"
#include "foundry/Evolve/Search.h"
#include "foundry/InitAll.h"
#include "foundry/Target/Compile.h"
#include "foundry/Target/IsolatedCompile.h"
#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <cmath>
#include <map>
#include <set>
#include <memory>
#include <csignal>
#include <dlfcn.h>

using namespace mlir;
using namespace mlir::foundry;
namespace cl = llvm::cl;

static cl::OptionCategory category("foundry-evolve options");
static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<kernel.mlir>"),
                                      cl::Required, cl::cat(category));
static cl::opt<std::string>
    targetOpt("target",
              cl::desc("cpu, cuda, or auto (cuda when a GPU driver is "
                       "present, else cpu)."),
              cl::init("auto"), cl::cat(category));
static cl::opt<int> budgetEvals(
    "budget-evals",
    cl::desc("Candidates to evaluate per kernel (default 48; with "
             "--budget-time and no --budget-evals, the time alone bounds "
             "the search)."),
    cl::init(48), cl::cat(category));
static cl::opt<std::string>
    budgetTime("budget-time",
               cl::desc("Wall-clock budget per kernel: 90s, 5m, 1h."),
               cl::init(""), cl::cat(category));
static cl::opt<int> islandsOpt("islands", cl::desc("Islands."), cl::init(4),
                               cl::cat(category));
static cl::opt<int> populationOpt("population",
                                  cl::desc("Candidates per island."),
                                  cl::init(6), cl::cat(category));
static cl::opt<unsigned> seedOpt("seed", cl::desc("Random seed."), cl::init(0),
                                 cl::cat(category));
static cl::opt<std::string>
    libraryOpt("library",
               cl::desc("Experience library (SQLite); 'none' for none."),
               cl::init("foundry-library.sqlite"), cl::cat(category));
static cl::opt<std::string> expertsOpt(
    "experts",
    cl::desc("Experts configuration (YAML): LLM experts over HTTP and the "
             "built-in experts to keep (docs/evolve.md)."),
                                       cl::init(""), cl::cat(category));
static cl::opt<unsigned>
    gpuTrials("gpu-trials",
              cl::desc("cuda target: correctness trials per candidate."),
              cl::init(3), cl::cat(category));
static cl::opt<unsigned>
    gpuRuns("gpu-runs",
            cl::desc("cuda target: timed runs per candidate (the best is "
                     "verified again with 5 trials and 100 runs)."),
            cl::init(20), cl::cat(category));
static cl::opt<unsigned>
    timeoutSeconds("timeout",
                   cl::desc("cuda target: seconds before a candidate's "
                            "foundry-run child is killed."),
                   cl::init(300), cl::cat(category));
static cl::opt<double> pruneFactor(
    "prune-factor",
    cl::desc("cuda target: stop timing a candidate after 10 runs when it is "
             "this many times slower than the best so far (0: never)."),
    cl::init(2.0), cl::cat(category));
static cl::opt<std::string> referenceOpt(
    "reference",
    cl::desc("cuda target: what candidates are checked against: f64 (the "
             "kernel computed in double precision on the GPU) or naive (the "
             "naive schedule in fp32)."),
    cl::init("f64"), cl::cat(category));
static cl::opt<bool> resumeOpt(
    "resume",
    cl::desc("Continue an interrupted search (same kernel, flags and "
             "library): what it evaluated is taken from the library and "
             "counted, history.jsonl is appended to."),
    cl::cat(category));
static cl::opt<std::string> rankTimeout(
    "rank-timeout",
    cl::desc("Under mpirun or srun: a rank not heard from for this long is "
             "lost, and the search goes on without it (default 20s)."),
    cl::init("20s"), cl::cat(category));
static cl::opt<std::string> outputDir("o", cl::desc("Output directory."),
                                      cl::init("out/evolve"),
                                      cl::cat(category));

static std::atomic<bool> interrupted{false};
static void onInterrupt(int) { interrupted = true; }

/// Ctrl-C and SIGTERM from the process's start: a search interrupted while
/// it starts or sets up evaluates its baseline only and still writes its
/// report. Run from .preinit_array, before every static constructor (those
/// of libLLVM and of the tool's MLIR libraries take tens of milliseconds
/// before main); `interrupted` is constant-initialized, so it may.
static void interruptibleFromTheStart(int, char **, char **) {
  std::signal(SIGINT, onInterrupt);
  std::signal(SIGTERM, onInterrupt);
}
__attribute__((section(".preinit_array"),
               used)) static void (*const installInterruptHandlers)(
    int, char **, char **) = interruptibleFromTheStart;

/// Seconds of "90s", "5m" or "1h" (a positive number and its unit); -1
/// when malformed: no unit, no number, zero, negative or not finite.
static double parseDuration(llvm::StringRef text) {
  double scale = 1;
  if (text.consume_back("s"))
    scale = 1;
  else if (text.consume_back("m"))
    scale = 60;
  else if (text.consume_back("h"))
    scale = 3600;
  else
    return -1;
  double value;
  if (text.getAsDouble(value) || !std::isfinite(value) || value <= 0)
    return -1;
  return value * scale;
}

/// One candidate as a history.jsonl line / report.json entry.
static llvm::json::Object candidateJson(const Evaluated &e,
                                        const std::string &kernel) {
  llvm::json::Object object{{"kernel", kernel},
                            {"genome", e.genome},
                            {"hash", e.hash},
                            {"expert", e.expert},
                            {"island", e.island},
                            {"generation", e.generation},
                            {"rank", e.rank},
                            {"stage", e.stage},
                            {"ok", e.ok},
                            {"median_ms", e.medianMs},
                            {"pruned", e.pruned},
                            {"cached", e.cached},
                            {"resumed", e.resumed},
                            {"seconds", e.seconds},
                            {"diagnosis", e.diagnosis}};
  if (!e.rationale.empty())
    object["rationale"] = e.rationale;
  if (e.diagnosed)
    object["resources"] = llvm::json::Object{
        {"bottleneck", e.diag.bottleneck},
        {"memory_fraction", e.diag.memoryFraction},
        {"compute_fraction", e.diag.computeFraction},
        {"occupancy", e.diag.occupancy.fraction},
        {"occupancy_limiter", e.diag.occupancy.limiter},
        {"spill_bytes", e.diag.spillBytes},
        {"blocks", e.diag.blocks}};
  return object;
}

/// A distributed search's part of the report: the ranks and their GPUs, the
/// evaluations of each, and the rate of all of them together against the
/// mean rank's (report.json's "distributed"); its text goes to `markdown`.
static llvm::json::Value distributedJson(const SearchResult &result,
                                         const Ranks &ranks,
                                         std::string &markdown) {
  if (result.ranks.empty())
    return nullptr;
  std::set<std::pair<std::string, std::string>> gpus;
  llvm::json::Array members;
  int total = 0;
  double wall = result.ranks.front().seconds, rateSum = 0;
  std::string table = "| rank | host | GPU | evaluations | seconds | "
                      "evaluations/s | stopped |\n|---|---|---|---|---|---|---|\n";
  for (const SearchResult::RankSummary &end : result.ranks) {
    Ranks::Member member;
    if (end.rank < int(ranks.members.size()))
      member = ranks.members[end.rank];
    // GPUs told apart by host and PCI address (every rank may see its own
    // as device 0).
    if (member.device >= 0)
      gpus.insert({member.host, member.pci});
    double rate = end.seconds > 0 ? end.evaluations / end.seconds : 0;
    total += end.evaluations;
    rateSum += rate;
    wall = std::max(wall, end.seconds);
    std::string gpu =
        member.device >= 0
            ? std::to_string(member.device) + " (" + member.gpu + ")"
            : std::string("-");
    members.push_back(llvm::json::Object{
        {"rank", end.rank},
        {"host", member.host},
        {"local_rank", member.localRank},
        {"device", member.device},
        {"gpu", member.gpu},
        {"pci", member.pci},
        {"evaluations", end.evaluations},
        {"seconds", end.seconds},
        {"evaluations_per_second", rate},
        {"stop_reason", end.stopReason},
        {"lost", end.lost}});
    table += llvm::formatv("| {0} | {1} | {2} | {3} | {4:F1} | {5:F2} | {6} |\n",
                           end.rank, member.host, gpu, end.evaluations,
                           end.seconds, rate, end.stopReason)
                 .str();
  }
  double rate = wall > 0 ? total / wall : 0;
  double meanRate = rateSum / result.ranks.size();
  double speedup = meanRate > 0 ? rate / meanRate : 0;
  markdown += llvm::formatv(
                  "Distributed over {0} ranks ({1} GPUs): {2} evaluations in "
                  "{3:F1} s, {4:F2} per second, {5:F2}x the mean rank's "
                  "{6:F2}.\n\n",
                  result.ranks.size(), gpus.size(), total, wall, rate,
                  speedup, meanRate)
                  .str() +
              table + "\n";
  return llvm::json::Object{{"ranks", int64_t(result.ranks.size())},
                            {"gpus", int64_t(gpus.size())},
                            {"evaluations", total},
                            {"seconds", wall},
                            {"evaluations_per_second", rate},
                            {"mean_rank_evaluations_per_second", meanRate},
                            {"speedup", speedup},
                            {"members", std::move(members)}};
}

static bool writeFile(const std::string &path, llvm::StringRef text) {
  std::error_code ec;
  llvm::raw_fd_ostream out(path, ec);
  if (ec) {
    llvm::errs() << "foundry-evolve: " << path << ": " << ec.message() << "\n";
    return false;
  }
  out << text;
  return true;
}

int main(int argc, char **argv) {
  // The child side of the cuda target's isolated compilations: a signal
  // ends it (the default actions, restored before InitLLVM records them as
  // what its own handlers fall back to).
  bool worker = argc == 3 && llvm::StringRef(argv[1]) == kCompileWorkerFlag;
  if (worker) {
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
  }
  llvm::InitLLVM init(argc, argv);
  if (worker)
    return runCompileWorker(argv[2]);
  // The search's own again (interruptibleFromTheStart).
  std::signal(SIGINT, onInterrupt);
  std::signal(SIGTERM, onInterrupt);
  registerAllPasses();
  cl::HideUnrelatedOptions(category);
  // A flag the parser rejects is bad input (2); 1 says no verified best.
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "Kernel Foundry: search the fastest verified schedule of each "
          "kernel of a file\n",
          &llvm::errs()))
    return 2;

  // Every flag is checked before anything is printed or written.
  ExpertsConfig expertsConfig;
  if (expertsOpt.getNumOccurrences() && expertsOpt.empty()) {
    llvm::errs() << "foundry-evolve: --experts needs a file\n";
    return 2;
  }
  if (!expertsOpt.empty()) {
    std::string error;
    if (!parseExpertsConfig(expertsOpt, expertsConfig, error)) {
      llvm::errs() << "foundry-evolve: " << error << "\n";
      return 2;
    }
    if (expertsConfig.builtinListed && expertsConfig.builtin.empty() &&
        expertsConfig.llm.empty()) {
      llvm::errs() << "foundry-evolve: " << expertsOpt
                   << ": no experts left (builtin: [] and no LLM expert)\n";
      return 2;
    }
  }
  double seconds = 0;
  if ((budgetTime.getNumOccurrences() || !budgetTime.empty()) &&
      (seconds = parseDuration(budgetTime)) < 0) {
    llvm::errs() << "foundry-evolve: --budget-time must be like 90s, 5m or "
                    "1h (a positive number and its unit), got '"
                 << budgetTime << "'\n";
    return 2;
  }
  if (!(pruneFactor == 0 || (pruneFactor >= 1 && std::isfinite(pruneFactor)))) {
    llvm::errs() << "foundry-evolve: --prune-factor must be 0 (never) or a "
                    "number of at least 1, got "
                 << pruneFactor << "\n";
    return 2;
  }
  if (referenceOpt != "f64" && referenceOpt != "naive") {
    llvm::errs() << "foundry-evolve: --reference must be f64 or naive, got '"
                 << referenceOpt << "'\n";
    return 2;
  }
  if (resumeOpt && libraryOpt == "none") {
    llvm::errs() << "foundry-evolve: --resume continues from the library; "
                    "it cannot be 'none'\n";
    return 2;
  }
  if (islandsOpt > 1024 || populationOpt > 4096 || budgetEvals > 1000000) {
    llvm::errs() << "foundry-evolve: at most 1024 --islands, 4096 "
                    "--population and 1000000 --budget-evals\n";
    return 2;
  }
  if (budgetEvals < 1 || islandsOpt < 1 || populationOpt < 2) {
    llvm::errs() << "foundry-evolve: --budget-evals and --islands must be "
                    "positive and --population at least 2\n";
    return 2;
  }
  // A time budget alone bounds the search: the default count of
  // evaluations would end it long before the time is spent.
  int evaluationBudget =
      seconds > 0 && budgetEvals.getNumOccurrences() == 0 ? 0 : budgetEvals;
  std::string target = targetOpt;
  if (target == "auto") {
    void *driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    target = driver ? "cuda" : "cpu";
    if (driver)
      dlclose(driver);
    llvm::errs() << "foundry-evolve: --target auto: "
                 << (target == "cuda" ? "a CUDA driver is present"
                                      : "no CUDA driver (libcuda.so.1)")
                 << ", searching on the " << target << " target\n";
  }
  std::string runner, self;
  if (target == "cuda") {
    // foundry-run sits next to foundry-evolve in a build, else on PATH.
    self = llvm::sys::fs::getMainExecutable(
        argv[0], reinterpret_cast<void *>(&onInterrupt));
    llvm::SmallString<256> sibling(llvm::sys::path::parent_path(self));
    llvm::sys::path::append(sibling, "foundry-run");
    if (llvm::sys::fs::can_execute(sibling))
      runner = std::string(sibling);
    else if (llvm::ErrorOr<std::string> found =
                 llvm::sys::findProgramByName("foundry-run"))
      runner = *found;
    if (runner.empty()) {
      llvm::errs() << "foundry-evolve: the cuda target needs foundry-run "
                      "(built where cuda.h and nlohmann-json are found), "
                      "next to foundry-evolve or on PATH\n";
      return 2;
    }
  } else if (target != "cpu") {
    llvm::errs() << "foundry-evolve: --target must be cpu, cuda or auto, got '"
                 << target << "'\n";
    return 2;
  }

  // Started by mpirun or srun: one rank of a distributed search
  // (docs/distributed.md). A single rank is a plain search.
  // Heartbeats come every half second: a shorter timeout would lose ranks
  // at random.
  double lostAfter = parseDuration(rankTimeout);
  if (lostAfter < 2) {
    llvm::errs() << "foundry-evolve: --rank-timeout must be like 20s or 1m, "
                    "at least 2s, got '"
                 << rankTimeout << "'\n";
    return 2;
  }
  Ranks ranks;
  if (int launched = launchedRanks(); launched > 1) {
    if (resumeOpt) {
      llvm::errs() << "foundry-evolve: --resume continues a search of one "
                      "process; it cannot resume a distributed one\n";
      return 2;
    }
    if (islandsOpt.getNumOccurrences() && islandsOpt < launched) {
      llvm::errs() << "foundry-evolve: --islands " << islandsOpt
                   << " is fewer than the " << launched
                   << " ranks (each rank evolves islands of its own)\n";
      return 2;
    }
    if (!islandsOpt.getNumOccurrences())
      islandsOpt = std::max<int>(islandsOpt, launched);
    std::string error;
    if (!joinRanks(ranks, target == "cuda" ? runner : "", lostAfter, error)) {
      // Rank 0 says it for all.
      if (ranks.rank() == 0)
        llvm::errs() << "foundry-evolve: " << error << "\n";
      return 2;
    }
  }
  // Only rank 0 writes the library, the reports and best.mlir. Every way
  // out ends the ranks; a rank but 0 that stops early leaves at once.
  bool writes = ranks.rank() == 0;
  bool orderlyEnd = false;
  llvm::scope_exit leaveRanks([&] { endRanks(ranks, orderlyEnd); });

  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  context.printOpOnDiagnostic(false);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  std::string error;
  OwningOpRef<ModuleOp> module =
      loadKernelFile(inputFile, sourceMgr, &context, error);
  if (!module) {
    if (!error.empty())
      llvm::errs() << "foundry-evolve: " << error << "\n";
    return 2;
  }
  std::vector<std::string> kernels;
  for (KernelOp kernel : module->getOps<KernelOp>())
    kernels.push_back(kernel.getSymName().str());
  if (kernels.empty()) {
    llvm::errs() << "foundry-evolve: no kernel in " << inputFile << "\n";
    return 2;
  }
  if (outputDir.empty()) {
    llvm::errs() << "foundry-evolve: -o needs a directory\n";
    return 2;
  }
  // The library before the output folder: a library it refuses leaves no
  // trace.
  std::unique_ptr<ExperienceLibrary> library;
  if (libraryOpt != "none" && writes) {
    library = ExperienceLibrary::open(libraryOpt, error);
    if (!library) {
      llvm::errs() << "foundry-evolve: " << error << "\n";
      return 2;
    }
  }
  if (std::error_code ec = llvm::sys::fs::create_directories(outputDir)) {
    llvm::errs() << "foundry-evolve: " << outputDir << ": " << ec.message()
                 << "\n";
    return 2;
  }
  // Every candidate as it completes, one JSON object per line: what is left
  // of a search that was killed.
  std::error_code historyError;
  llvm::raw_fd_ostream history(writes ? outputDir + "/history.jsonl"
                                      : std::string("/dev/null"),
                               historyError,
                               resumeOpt ? llvm::sys::fs::OF_Append
                                         : llvm::sys::fs::OF_None);
  if (historyError) {
    llvm::errs() << "foundry-evolve: " << outputDir
                 << "/history.jsonl: " << historyError.message() << "\n";
    return 2;
  }

  llvm::json::Array report;
  std::string markdown = "# foundry-evolve report\n\nInput: `" + inputFile +
                         "`, target " + target + ", seed " +
                         std::to_string(seedOpt) + ", budget " +
                         (evaluationBudget == 0
                              ? std::string(budgetTime) + " per kernel"
                              : std::to_string(evaluationBudget) +
                                    " evaluations per kernel" +
                                    (seconds > 0
                                         ? " or " + std::string(budgetTime)
                                         : std::string())) +
                         ".\n\n";
  std::string summary = "| kernel | naive ms | best ms | speedup | fraction "
                        "of roofline | evaluated | best schedule |\n"
                        "|---|---|---|---|---|---|---|\n";
  std::string details;
  // best.ptx and best.cubin (best-<kernel>.* for several kernels): copied
  // from the search's compilation on the cuda target, compiled for sm_90
  // otherwise. Returns a note for the report.
  auto writeBestArtifacts = [&](const std::string &name, const Evaluated &best,
                                const std::string &target,
                                bool several) -> std::string {
    std::string stem =
        outputDir + "/" + (several ? "best-" + name : std::string("best"));
    // Nothing of an earlier run may pass for this one's best.
    for (const char *suffix : {".ptx", ".cubin", ".json"})
      llvm::sys::fs::remove(stem + suffix);
    if (!best.ok)
      return "";
    std::string work = outputDir + "/gpu-" + name + "/" +
                       (best.genome.empty() ? std::string("naive")
                                            : "cand-" + best.hash);
    if (target == "cuda") {
      bool copied = true;
      for (const char *suffix : {".ptx", ".cubin", ".json"})
        copied &= !llvm::sys::fs::copy_file(work + suffix, stem + suffix);
      return copied ? "; wrote " + stem + ".ptx, .cubin and .json (launch "
                                         "manifest)"
                    : "";
    }
    auto kernel = module->lookupSymbol<KernelOp>(name);
    std::string source;
    llvm::raw_string_ostream os(source);
    os << "module {\n" << kernel << "\n}\n";
    CompileResult compiled =
        compile(source, splitGenome(best.genome).schedule, {}, name);
    if (compiled.ptx.empty())
      return "";
    writeFile(stem + ".ptx", compiled.ptx);
    std::string manifest;
    llvm::raw_string_ostream(manifest) << llvm::json::Value(llvm::json::Object{
        {"version", 1}, {"kernels", llvm::json::Array(compiled.manifest)}});
    writeFile(stem + ".json", manifest);
    if (compiled.succeeded && !compiled.cubin.empty()) {
      writeFile(stem + ".cubin",
                llvm::StringRef(compiled.cubin.data(), compiled.cubin.size()));
      return "; wrote " + stem + ".ptx, .cubin and .json (sm_90)";
    }
    return "; wrote " + stem + ".ptx and .json (sm_90; no ptxas for the "
                               "cubin)";
  };
  bool anyFailure = false;
  for (const std::string &name : kernels) {
    if (writes)
      llvm::errs() << "== @" << name << "\n";
    SearchOptions options;
    options.islands = islandsOpt;
    options.population = populationOpt;
    options.budgetEvals = evaluationBudget;
    options.budgetSeconds = seconds;
    options.seed = seedOpt;
    options.target = target;
    options.runner = runner;
    // Candidates compile in children of this executable (worker mode).
    options.compileWorker = self;
    options.workDirectory = outputDir + "/gpu-" + name;
    options.gpuTrials = gpuTrials;
    options.gpuRuns = gpuRuns;
    options.timeoutSeconds = timeoutSeconds;
    options.pruneFactor = pruneFactor;
    options.reference = referenceOpt;
    options.resume = resumeOpt;
    options.exchange = ranks.exchange.get();
    options.device = ranks.device;
    if (!writes)
      options.workDirectory = outputDir + "/rank-" +
                              std::to_string(ranks.rank()) + "/gpu-" + name;
    // LLM experts first (island 0 is seeded by the first expert), then the
    // built-in ones the configuration keeps.
    for (const LlmExpertConfig &config : expertsConfig.llm) {
      Expert expert = makeLlmExpert(config, &context, [](const std::string &m) {
        llvm::errs() << "foundry-evolve: " << m << "\n";
      });
      expert.mutatesWhole = true;
      options.experts.push_back(std::move(expert));
    }
    if (!expertsConfig.llm.empty() || expertsConfig.builtinListed)
      for (Expert &expert : builtinExperts())
        if (!expertsConfig.builtinListed ||
            llvm::is_contained(expertsConfig.builtin, expert.name))
          options.experts.push_back(std::move(expert));
    // On a terminal, one live status line replaces the per-candidate
    // lines; other messages still print on lines of their own.
    bool live = llvm::errs().is_displayed();
    struct Status {
      int evaluated = 0, generation = 0;
      double naive = 0, best = 0;
      std::map<int, double> islands;
    };
    auto status = std::make_shared<Status>();
    auto drawStatus = [status, budget = evaluationBudget] {
      std::string line =
          llvm::formatv("gen {0} | {1}{2} evaluated | best ",
                        status->generation, status->evaluated,
                        budget > 0 ? "/" + std::to_string(budget) : "")
              .str();
      line += status->best > 0
                  ? llvm::formatv("{0:F4} ms ({1:F2}x naive)", status->best,
                                  status->naive > 0
                                      ? status->naive / status->best
                                      : 0.0)
                        .str()
                  : std::string("none");
      line += " | islands";
      for (auto [island, ms] : status->islands)
        line += llvm::formatv(" {0}:{1:F4}", island, ms).str();
      llvm::errs() << "\r\033[K" << line;
      llvm::errs().flush();
    };
    options.progress = [live, drawStatus](const std::string &line) {
      if (!live) {
        llvm::errs() << line << "\n";
        return;
      }
      if (llvm::StringRef(line).starts_with("["))
        return drawStatus();
      llvm::errs() << "\r\033[K" << line << "\n";
      drawStatus();
    };
    options.onEvaluated = [&, status](const Evaluated &e) {
      history << llvm::json::Value(candidateJson(e, name)) << "\n";
      history.flush();
      status->evaluated += !e.cached || e.resumed;
      status->generation = std::max(status->generation, e.generation);
      if (e.ok && e.genome.empty() && status->naive == 0)
        status->naive = e.medianMs;
      if (e.ok && (status->best == 0 || e.medianMs < status->best))
        status->best = e.medianMs;
      if (e.ok && (!status->islands.count(e.island) ||
                   e.medianMs < status->islands[e.island]))
        status->islands[e.island] = e.medianMs;
    };
    if (!writes) {
      // Rank 0 stopped early, or is gone: no more searches.
      if (ranks.exchange->finishWord() || ranks.exchange->lost(0))
        break;
      // Rank 0 reports every rank's candidates; this one says only what is
      // not a candidate.
      options.progress = [rank = ranks.rank()](const std::string &line) {
        if (!llvm::StringRef(line).starts_with("["))
          llvm::errs() << "[rank " << rank << "] " << line << "\n";
      };
      options.onEvaluated = nullptr;
      (void)searchCpu(*module, name, options, nullptr,
                      [] { return interrupted.load(); });
      continue;
    }
    FailureOr<SearchResult> result =
        searchCpu(*module, name, options, library.get(),
                  [] { return interrupted.load(); });
    if (live)
      llvm::errs() << "\n";
    if (failed(result)) {
      anyFailure = true;
      continue;
    }
    const Evaluated &best = result->best;
    anyFailure |= !best.ok;
    double speedup =
        best.ok && best.medianMs > 0 ? result->naiveMs / best.medianMs : 0;
    llvm::errs() << "@" << name << ": naive "
                 << (result->naiveMs > 0
                         ? llvm::formatv("{0:F4} ms", result->naiveMs).str()
                         : std::string("not timed"))
                 << ", best "
                 << (best.ok ? llvm::formatv("{0:F4}", best.medianMs).str()
                             : std::string("none"))
                 << " ms (" << llvm::format("%.2f", speedup) << "x) after "
                 << result->evaluated.size() << " candidates ("
                 << llvm::count_if(result->evaluated,
                                   [](const Evaluated &e) {
                                     return !e.cached || e.resumed;
                                   })
                 << " evaluated, the rest cached), "
                 << result->generations << " generations; "
                 << result->stopReason << "\n";
    if (!best.ok && !best.diagnosis.empty())
      llvm::errs() << "@" << name << ": no verified best: " << best.diagnosis
                   << "\n";
    if (result->libraryFailures) {
      llvm::errs() << "foundry-evolve: the library did not record "
                   << result->libraryFailures << " candidates\n";
      anyFailure = true;
    }
    // The kernel with the winning schedule (and IR patch, if it has one:
    // the search applied it to a copy), replayable by hand.
    if (best.ok) {
      auto kernel = module->lookupSymbol<KernelOp>(name);
      GenomeParts parts = splitGenome(best.genome);
      std::string error;
      if (!parts.patch.empty() &&
          failed(applyPatch(kernel, parts.patch, error))) {
        llvm::errs() << "foundry-evolve: @" << name
                     << ": the best's IR patch no longer applies: " << error
                     << "\n";
        anyFailure = true;
      }
      kernel.setScheduleAttr(ScheduleAttr::get(
          &context, parts.schedule.empty() ? "foundry-naive" : parts.schedule));
    }
    llvm::json::Array candidates;
    for (const Evaluated &e : result->evaluated)
      candidates.push_back(candidateJson(e, name));
    // Per island, its best; over time, each improvement of the best. A
    // candidate the final verification rejected counts as failed.
    std::set<std::string> rejectedHashes;
    for (const Evaluated &e : result->rejected)
      rejectedHashes.insert(e.hash);
    auto passed = [&](const Evaluated &e) {
      return e.ok && !rejectedHashes.count(e.hash);
    };
    std::map<int, const Evaluated *> islandBest;
    llvm::json::Array progression;
    double running = INFINITY;
    int index = 0;
    for (const Evaluated &e : result->evaluated) {
      ++index;
      if (!passed(e))
        continue;
      const Evaluated *&slot = islandBest[e.island];
      if (!slot || e.medianMs < slot->medianMs)
        slot = &e;
      if (e.medianMs < running) {
        running = e.medianMs;
        progression.push_back(llvm::json::Object{{"evaluation", index},
                                                 {"seconds", e.seconds},
                                                 {"median_ms", e.medianMs},
                                                 {"expert", e.expert},
                                                 {"genome", e.genome}});
      }
    }
    llvm::json::Array islands;
    for (auto [island, e] : islandBest)
      islands.push_back(llvm::json::Object{{"island", island},
                                           {"median_ms", e->medianMs},
                                           {"genome", e->genome}});
    // max(bytes / bandwidth, flops / peak) / time.
    double roofline =
        result->fractionOfRoofline > 0 ? result->fractionOfRoofline
        : best.diagnosed
            ? std::max(best.diag.memoryFraction, best.diag.computeFraction)
            : 0;
    std::string artifacts = writeBestArtifacts(name, best, target,
                                               kernels.size() > 1);
    std::string distributedText;
    llvm::json::Value distributed =
        distributedJson(*result, ranks, distributedText);
    llvm::json::Array rejected;
    std::string rejectedText;
    for (const Evaluated &e : result->rejected) {
      std::string genome = e.genome.empty() ? "naive" : e.genome;
      rejected.push_back(llvm::json::Object{{"genome", genome},
                                            {"diagnosis", e.diagnosis}});
      llvm::StringRef why = e.diagnosis;
      why.consume_front("failed the final verification: ");
      rejectedText +=
          "- `" + displayGenome(e.genome) + "`: " + why.str() + "\n";
    }
    if (!rejectedText.empty())
      rejectedText = "Not the best after all: failed the final verification, "
                     "or got no verdict from it (the next fastest passing "
                     "candidate was verified in its place; after three, the "
                     "naive schedule). The tables below are the search's "
                     "times:\n\n" +
                     rejectedText + "\n";
    report.push_back(llvm::json::Object{
        {"kernel", name},
        {"target", target},
        {"naive_ms", result->naiveMs},
        {"tolerance",
         llvm::json::Object{{"atol", result->atol}, {"rtol", result->rtol}}},
        {"reference_schedule", result->referenceSchedule.empty()
                                   ? llvm::json::Value("naive")
                                   : llvm::json::Value(
                                         result->referenceSchedule)},
        {"best", best.ok ? llvm::json::Value(llvm::json::Object{
                               {"genome", best.genome},
                               {"median_ms", best.medianMs},
                               {"speedup", speedup},
                               {"fraction_of_roofline", roofline},
                               {"search_median_ms", result->searchMs},
                               {"verified", result->verified},
                               {"bottleneck", best.diag.bottleneck},
                               {"hint", best.diag.hint}})
                         : llvm::json::Value(nullptr)},
        {"roofline",
         result->roofline.copyBytesPerSecond > 0
             ? llvm::json::Value(llvm::json::Object{
                   {"flops", result->roofline.flops},
                   {"bytes", result->roofline.bytes},
                   {"copy_bytes_per_second",
                    result->roofline.copyBytesPerSecond},
                   {"compute_flops_per_second",
                    result->roofline.computeFlopsPerSecond},
                   {"compute_ceiling", result->roofline.computeCeiling}})
             : llvm::json::Value(nullptr)},
        {"generations", result->generations},
        {"evaluations", int64_t(result->evaluated.size())},
        {"seconds", result->evaluated.empty()
                        ? 0.0
                        : result->evaluated.back().seconds},
        {"stop_reason", result->stopReason},
        {"structural_class", result->structuralClass},
        {"strategies_tried", llvm::json::Array(result->strategiesTried)},
        {"restarts", result->restarts},
        {"distributed", std::move(distributed)},
        {"rejected_at_final_verification", std::move(rejected)},
        {"islands", std::move(islands)},
        {"progression", std::move(progression)},
        {"candidates", std::move(candidates)}});
    summary += "| @" + name + " | " +
               llvm::formatv("{0:F4}", result->naiveMs).str() + " | " +
               (best.ok ? llvm::formatv("{0:F4}", best.medianMs).str()
                        : std::string("none")) +
               " | " + llvm::formatv("{0:F2}x", speedup).str() + " | " +
               (roofline > 0 ? llvm::formatv("{0:P0}", roofline).str()
                             : std::string("-")) +
               " | " + std::to_string(result->evaluated.size()) + " | `" +
               displayGenome(best.genome) + "` |\n";
    details += "\n## @" + name + "\n\nStructure: " + result->structuralClass +
               ". Strategies tried: " + llvm::join(result->strategiesTried, ", ") +
               ".\n\nStopped: " + result->stopReason + " after " +
               std::to_string(result->evaluated.size()) + " candidates, " +
               std::to_string(result->generations) + " generations" +
               (result->restarts > 0
                    ? ", " + std::to_string(result->restarts) + " restart(s)"
                    : std::string()) +
               artifacts + ".\n\n" + distributedText +
               (result->referenceSchedule.empty()
                    ? std::string()
                    : "Reference: `" + result->referenceSchedule +
                          "`: " + result->referenceReason + ".\n\n") +
               rejectedText +
               (splitGenome(best.genome).patch.empty()
                    ? std::string()
                    : "The best rewrites the kernel (its IR patch; best.mlir "
                      "holds the patched kernel):\n\n```mlir\n" +
                          splitGenome(best.genome).patch.str() + "\n```\n\n") +
               "Best per island:\n\n"
               "| island | best ms | schedule |\n|---|---|---|\n";
    for (auto [island, e] : islandBest)
      details += "| " + std::to_string(island) + " | " +
                 llvm::formatv("{0:F4}", e->medianMs).str() + " | `" +
                 displayGenome(e->genome) + "` |\n";
    details += "\nHow the best evolved:\n\n| evaluation | seconds | best "
               "ms | expert |\n|---|---|---|---|\n";
    running = INFINITY;
    index = 0;
    for (const Evaluated &e : result->evaluated) {
      ++index;
      if (!passed(e) || e.medianMs >= running)
        continue;
      running = e.medianMs;
      details += "| " + std::to_string(index) + " | " +
                 llvm::formatv("{0:F1}", e.seconds).str() + " | " +
                 llvm::formatv("{0:F4}", e.medianMs).str() + " | " + e.expert +
                 " |\n";
    }
    if (best.diagnosed && !best.diag.hint.empty())
      details += "\nDiagnosis of the best: " + best.diag.hint + ".\n";
  }
  if (!writes) {
    orderlyEnd = true;
    return interrupted ? 130 : 0;
  }
  markdown += summary + details;
  std::string best;
  llvm::raw_string_ostream bestStream(best);
  module->print(bestStream);
  llvm::json::Object reportObject{{"version", 1},
                                  {"input", inputFile},
                                  {"seed", int64_t(seedOpt)},
                                  {"kernels", std::move(report)}};
  std::string html = renderHtmlReport(reportObject);
  std::string json;
  llvm::raw_string_ostream jsonStream(json);
  jsonStream << llvm::formatv("{0:2}",
                              llvm::json::Value(std::move(reportObject)));
  markdown += target == "cuda"
                  ? "\nTimes are foundry-run medians. During the search "
                    "each candidate gets --gpu-trials correctness trials and "
                    "--gpu-runs timed runs (fewer when pruned); the best is "
                    "then verified and timed again with KernelBench's "
                    "protocol (5 trials, 3 warm-ups, 100 runs, L2 flushed), "
                    "the naive schedule beside it with --gpu-runs runs, and "
                    "those are the times above. Every time "
                    "is of a candidate that passed foundry-run's correctness "
                    "trials and integrity checks against the reference "
                    "(report.json's reference_schedule: by default the "
                    "naive schedule widened to f64) within report.json's "
                    "tolerance.\n"
                  : "\nTimes are medians of JIT-compiled CPU runs (same "
                    "inputs), the blocks of a schedule's block loops on all "
                    "cores (OpenMP); every candidate was checked "
                    "against the naive schedule within the kernel's "
                    "tolerance.\n";
  if (!writeFile(outputDir + "/best.mlir", best) ||
      !writeFile(outputDir + "/report.json", json + "\n") ||
      !writeFile(outputDir + "/report.md", markdown) ||
      !writeFile(outputDir + "/report.html", html))
    return 2;
  llvm::errs() << "foundry-evolve: wrote " << outputDir << "/best.mlir, "
               << "report.json, report.md, report.html, history.jsonl"
               << (library ? ", library " + libraryOpt : std::string()) << "\n";
  // Interrupted (Ctrl-C, SIGTERM): the report is written, the exit status
  // says the search did not finish.
  if (interrupted)
    return 130;
  return anyFailure ? 1 : 0;
}

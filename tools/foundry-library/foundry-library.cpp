//===- foundry-library.cpp - Inspect and share the experience library -----===//
//
// The experience library's command line:
//   foundry-library stats                      counts of what is stored
//   foundry-library best KERNEL.mlir [-n N]    best known schedules per kernel
//   foundry-library export -o FILE.yaml        everything, as YAML
//   foundry-library export-spec -o FILE.mlir   best schedules, as a tuning spec
//   foundry-library import FILE.yaml           merge an export in
//   foundry-library prune [--keep N]           drop failures and slow ones
//   foundry-library check                      SQLite's integrity check
//   foundry-library insights [KERNEL.mlir]     which mutations helped
// All take --library PATH (default foundry-library.sqlite). The files they
// read are untrusted (UntrustedInput.h): regular files (or stdin) of at most
// 1 GiB, a kernel nested at most 512 levels deep and an imported IR patch
// at most kMaxPatchNestingDepth (Genome.h).
//
//===----------------------------------------------------------------------===//

#include "foundry/Evolve/LibraryImport.h"

#include "foundry/Evolve/Library.h"
#include "foundry/Evolve/LlmExpert.h"
#include "foundry/Evolve/Search.h"
#include "foundry/InitAll.h"
#include "foundry/Support/UntrustedInput.h"
#include "foundry/Target/Compile.h"
#include "foundry/Transforms/Passes.h"
#include "foundry/Transforms/TuningSpec.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <yaml-cpp/yaml.h>

#include <fstream>
#include <tuple>

using namespace mlir;
using namespace mlir::foundry;
namespace cl = llvm::cl;

static cl::OptionCategory category("foundry-library options");
static cl::opt<std::string>
    command(cl::Positional, cl::desc("<stats|best|export|export-spec|import|prune|check|insights>"),
            cl::Required, cl::cat(category));
static cl::opt<std::string> argument(cl::Positional,
                                     cl::desc("[KERNEL.mlir | FILE.yaml]"),
                                     cl::init(""), cl::cat(category));
static cl::opt<std::string>
    libraryPath("library", cl::desc("The experience library (SQLite)."),
                cl::init("foundry-library.sqlite"), cl::cat(category));
static cl::opt<std::string> targetOpt("target", cl::desc("best: cpu or sm_90."),
                                      cl::init("cpu"), cl::cat(category));
static cl::opt<int> count("n", cl::desc("best: schedules per kernel."),
                          cl::init(5), cl::cat(category));
static cl::opt<int> keep("keep",
                         cl::desc("prune: passing candidates kept per kernel."),
                         cl::init(16), cl::cat(category));
static cl::opt<std::string> outputPath("o",
                                       cl::desc("export, export-spec: output file."),
                                       cl::init("-"), cl::cat(category));

static int fail(const std::string &message) {
  llvm::errs() << "foundry-library: " << message << "\n";
  return 1;
}

namespace {
/// The kernels of the file `argument`, parsed and outlined
/// (loadKernelFile), with the context and source manager they live in.
/// Diagnostics go to stderr with file:line:col.
struct KernelFile {
  static DialectRegistry dialects() {
    DialectRegistry registry;
    registerAllDialects(registry);
    return registry;
  }
  MLIRContext context{dialects()};
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler{sourceMgr, &context};
  OwningOpRef<ModuleOp> module;

  /// Loads `argument`; on failure returns the command's exit status.
  std::optional<int> load() {
    context.loadAllAvailableDialects();
    std::string error;
    module = loadKernelFile(argument, sourceMgr, &context, error);
    if (module)
      return std::nullopt;
    return error.empty() ? 1 : fail(error);
  }
};
} // namespace

static int best(ExperienceLibrary &library) {
  if (argument.empty())
    return fail("best needs a kernel file");
  KernelFile file;
  if (std::optional<int> status = file.load())
    return *status;
  if (file.module->getOps<KernelOp>().empty())
    return fail("no kernel in " + argument);
  for (KernelOp kernel : file.module->getOps<KernelOp>()) {
    KernelFingerprint fingerprint = fingerprintKernel(kernel, targetOpt);
    std::vector<CandidateRecord> found = library.retrieve(fingerprint, count);
    llvm::outs() << "@" << kernel.getSymName() << " (" << fingerprint.family
                 << ", " << targetOpt << "): " << found.size()
                 << " known schedule(s)\n";
    for (const CandidateRecord &record : found)
      llvm::outs() << llvm::formatv("  {0,-6} {1:F4} ms  {2}\n", record.match,
                                    record.medianMs,
                                    displayGenome(record.genome));
  }
  return 0;
}

/// Prints the insights of `familyKey` (all families when empty).
static int insights(ExperienceLibrary &library) {
  std::string familyKey;
  if (!argument.empty()) {
    KernelFile file;
    if (std::optional<int> status = file.load())
      return *status;
    auto kernels = file.module->getOps<KernelOp>();
    if (kernels.empty())
      return fail("no kernel in " + argument);
    familyKey = fingerprintKernel(*kernels.begin(), targetOpt).familyKey();
  }
  std::map<std::string, std::string> families;
  for (const ExperienceLibrary::KernelRow &k : library.kernels())
    families[k.familyKey] = k.family + ", " + k.target;
  // Grouped by family (several kernels can share a family's name).
  std::vector<ExperienceLibrary::Insight> rows = library.insights(familyKey);
  std::stable_sort(rows.begin(), rows.end(),
                   [](const auto &a, const auto &b) {
                     return a.familyKey < b.familyKey;
                   });
  std::string current;
  for (const ExperienceLibrary::Insight &i : rows) {
    if (i.familyKey != current) {
      current = i.familyKey;
      llvm::outs() << (families.count(current) ? families[current] : current)
                   << " [" << llvm::StringRef(current).take_front(8)
                   << "]: tries passed improved mean-speedup expert change\n";
    }
    llvm::outs() << llvm::formatv(
        "  {0,5} {1,6} {2,8} {3,10:F2}x  {4} {5}\n", i.tries, i.passed,
        i.improvements, i.passed ? i.gain / i.passed : 0.0, i.expert,
        i.change);
  }
  return 0;
}

/// Writes `text` to `outputPath` ("-": stdout).
static int writeOutput(llvm::StringRef text) {
  if (outputPath == "-") {
    llvm::outs() << text;
    return 0;
  }
  std::ofstream file(outputPath);
  file << text.str();
  return file ? 0 : fail(outputPath + ": cannot write");
}

static int exportYaml(ExperienceLibrary &library) {
  YAML::Emitter out;
  out << YAML::BeginMap << YAML::Key << "version" << YAML::Value << 1;
  out << YAML::Key << "kernels" << YAML::Value << YAML::BeginSeq;
  for (const ExperienceLibrary::KernelRow &k : library.kernels())
    out << YAML::BeginMap << YAML::Key << "kernel_key" << YAML::Value
        << k.kernelKey << YAML::Key << "exact_key" << YAML::Value << k.exactKey
        << YAML::Key << "graph_key" << YAML::Value << k.graphKey << YAML::Key
        << "family_key" << YAML::Value << k.familyKey << YAML::Key << "name"
        << YAML::Value << k.name << YAML::Key << "op_graph" << YAML::Value
        << YAML::Literal << k.opGraph << YAML::Key << "shape_bucket"
        << YAML::Value << k.shapeBucket << YAML::Key << "family" << YAML::Value
        << k.family << YAML::Key << "target" << YAML::Value << k.target
        << YAML::EndMap;
  out << YAML::EndSeq << YAML::Key << "candidates" << YAML::Value
      << YAML::BeginSeq;
  for (const CandidateRecord &c : library.candidates())
    out << YAML::BeginMap << YAML::Key << "kernel" << YAML::Value << c.kernelKey
        << YAML::Key << "genome_hash" << YAML::Value << c.genomeHash
        << YAML::Key << "genome" << YAML::Value << c.genome << YAML::Key
        << "stage" << YAML::Value << c.stage << YAML::Key << "ok" << YAML::Value
        << c.ok << YAML::Key << "median_ms" << YAML::Value << c.medianMs
        << YAML::Key << "diagnosis" << YAML::Value << c.diagnosis
        << YAML::EndMap;
  out << YAML::EndSeq << YAML::Key << "insights" << YAML::Value
      << YAML::BeginSeq;
  for (const ExperienceLibrary::Insight &i : library.insights(""))
    out << YAML::BeginMap << YAML::Key << "family_key" << YAML::Value
        << i.familyKey << YAML::Key << "expert" << YAML::Value << i.expert
        << YAML::Key << "change" << YAML::Value << i.change << YAML::Key
        << "tries" << YAML::Value << i.tries << YAML::Key << "passed"
        << YAML::Value << i.passed << YAML::Key << "improvements"
        << YAML::Value << i.improvements << YAML::Key << "gain" << YAML::Value
        << i.gain << YAML::EndMap;
  out << YAML::EndSeq << YAML::EndMap;
  if (!out.good())
    return fail(std::string("YAML: ") + out.GetLastError());
  return writeOutput(std::string(out.c_str()) + "\n");
}

/// The tuning spec (TuningSpec.h) of the library: each kernel's best
/// schedule under its kernel key; under each exact and graph key, the best
/// schedule of the kernel sharing it whose best beat its naive schedule by
/// the largest factor (times of kernels of other shapes do not compare).
static int exportSpec(ExperienceLibrary &library) {
  std::vector<ExperienceLibrary::BestSchedule> best = library.bestSchedules();
  std::stable_sort(best.begin(), best.end(), [](const auto &a, const auto &b) {
    return std::tie(a.target, a.name, a.kernelKey) <
           std::tie(b.target, b.name, b.kernelKey);
  });
  auto entry = [](llvm::StringRef match, const std::string &key,
                  const ExperienceLibrary::BestSchedule &row) {
    return TuningSpecEntry{match.str(), key,         row.target,
                           row.name,    row.medianMs, row.schedule};
  };
  std::vector<TuningSpecEntry> entries;
  for (const auto &row : best)
    entries.push_back(entry("kernel", row.kernelKey, row));
  for (llvm::StringRef level : {"exact", "graph"}) {
    std::map<std::string, const ExperienceLibrary::BestSchedule *> chosen;
    std::vector<std::string> order;
    for (const auto &row : best) {
      if (row.naiveMs <= 0)
        continue;
      const std::string &key = level == "exact" ? row.exactKey : row.graphKey;
      auto [it, added] = chosen.try_emplace(key, &row);
      if (added)
        order.push_back(key);
      else if (row.naiveMs / row.medianMs >
               it->second->naiveMs / it->second->medianMs)
        it->second = &row;
    }
    for (const std::string &key : order)
      entries.push_back(entry(level, key, *chosen[key]));
  }
  MLIRContext context;
  return writeOutput(printTuningSpec(
      entries,
      {"Kernel Foundry tuning spec: the best verified schedule per kernel",
       "fingerprint, written by foundry-library export-spec from " +
           libraryPath + ".",
       "Apply it with foundry-opt --foundry-apply-schedules='spec=FILE "
       "target=T'."},
      &context));
}

static int importYaml(ExperienceLibrary &library) {
  if (argument.empty())
    return fail("import needs a YAML file written by export");
  ImportCounts counts;
  std::string error;
  if (!importExport(library, argument, counts, error))
    return fail(error);
  llvm::outs() << "imported " << counts.kernels << " kernels, "
               << counts.candidates << " candidates and " << counts.insights
               << " insights into " << libraryPath << "\n";
  return 0;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  // Schedules parse as pass pipelines (import checks candidates' genomes).
  registerAllPasses();
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "Kernel Foundry experience library: stats, best schedules, export, "
      "tuning specs, import, prune, integrity check\n");
  if (!llvm::is_contained({"stats", "best", "export", "export-spec", "import",
                           "prune", "check", "insights"},
                          llvm::StringRef(command)))
    return fail("unknown command '" + command +
                "' (stats, best, export, export-spec, import, prune, check, "
                "insights)");
  std::string error;
  if (count < 1)
    return fail("-n must be at least 1");
  if (targetOpt != "cpu" && !llvm::StringRef(targetOpt).starts_with("sm_"))
    return fail("--target must be cpu or sm_XY, got '" + targetOpt + "'");
  // Only import and prune write; the others never create or change a file.
  bool writes = command == "import" || command == "prune";
  if (libraryPath == "none")
    return fail("--library none: no library to " + command);
  std::unique_ptr<ExperienceLibrary> library =
      ExperienceLibrary::open(libraryPath, error, /*readOnly=*/!writes);
  if (!library)
    return fail(error);
  if (command == "stats") {
    ExperienceLibrary::Stats stats = library->stats();
    if (stats.kernels < 0 || stats.runs < 0 || stats.candidates < 0 ||
        stats.passed < 0)
      return fail(libraryPath + ": cannot read the library (run "
                                "'foundry-library check')");
    llvm::outs() << libraryPath << ": " << stats.kernels << " kernels, "
                 << stats.runs << " runs, " << stats.candidates
                 << " candidates (" << stats.passed << " passed)\n";
    return 0;
  }
  if (command == "check") {
    std::string verdict = library->integrityCheck();
    llvm::outs() << libraryPath << ": integrity " << verdict << "\n";
    return verdict == "ok" ? 0 : 1;
  }
  if (command == "best")
    return best(*library);
  if (command == "insights")
    return insights(*library);
  if (command == "export")
    return exportYaml(*library);
  if (command == "export-spec")
    return exportSpec(*library);
  if (command == "import")
    return importYaml(*library);
  if (command == "prune") {
    if (keep < 0)
      return fail("--keep must be at least 0");
    int64_t deleted = library->prune(keep, error);
    if (deleted < 0)
      return fail(error);
    llvm::outs() << "pruned " << deleted << " candidates (kept the " << keep
                 << " fastest passing per kernel)\n";
    return 0;
  }
  return fail("unknown command '" + command + "'");
}

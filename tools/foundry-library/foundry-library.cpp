//===- foundry-library.cpp - Inspect and share the experience library -----===//
//
// The experience library's command line:
//   foundry-library stats                      counts of what is stored
//   foundry-library best KERNEL.mlir [-n N]    best known schedules per kernel
//   foundry-library export -o FILE.yaml        everything, as YAML
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

#include "foundry/Evolve/Library.h"
#include "foundry/Evolve/LlmExpert.h"
#include "foundry/Evolve/Search.h"
#include "foundry/InitAll.h"
#include "foundry/Support/UntrustedInput.h"
#include "foundry/Target/Compile.h"
#include "foundry/Transforms/Passes.h"

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

using namespace mlir;
using namespace mlir::foundry;
namespace cl = llvm::cl;

static cl::OptionCategory category("foundry-library options");
static cl::opt<std::string>
    command(cl::Positional, cl::desc("<stats|best|export|import|prune|check|insights>"),
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
static cl::opt<std::string> outputPath("o", cl::desc("export: output file."),
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
  if (outputPath == "-") {
    llvm::outs() << out.c_str() << "\n";
    return 0;
  }
  std::ofstream file(outputPath);
  file << out.c_str() << "\n";
  return file ? 0 : fail(outputPath + ": cannot write");
}

namespace {
/// A malformed entry of an import, as "FILE:LINE:COL: why".
struct ImportError {
  std::string message;
};
} // namespace

/// "FILE:LINE:COL: " of `node` in the file being imported, or "FILE: "
/// where yaml-cpp has no position (an empty document).
static std::string at(const YAML::Mark &mark) {
  if (mark.is_null())
    return argument + ": ";
  return argument + ":" + std::to_string(mark.line + 1) + ":" +
         std::to_string(mark.column + 1) + ": ";
}

/// `map[key]`, which an entry must have: yaml-cpp's own error for a
/// missing key has no position.
static YAML::Node field(const YAML::Node &map, const char *key) {
  if (!map.IsMap())
    throw ImportError{at(map.Mark()) + "expected a map"};
  YAML::Node value = map[key];
  if (!value)
    throw ImportError{at(map.Mark()) + "missing '" + key + "'"};
  return value;
}

/// True for a key as KernelFingerprint makes them: 16 lower-case hex digits.
static bool isDigest(llvm::StringRef key) {
  return key.size() == 16 && llvm::all_of(key, [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

/// The error for `field` holding `key`, which is not a digest.
static std::string notAKey(llvm::StringRef field, llvm::StringRef key) {
  return (field + " '" + key.take_front(40) +
          "' is not a key (16 lower-case hex digits)")
      .str();
}

static int importYaml(ExperienceLibrary &library) {
  if (argument.empty())
    return fail("import needs a YAML file written by export");
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file = readUntrustedFile(argument, error);
  if (!file)
    return fail(error);
  YAML::Node root;
  try {
    root = YAML::Load(file->getBuffer().str());
  } catch (const YAML::Exception &e) {
    return fail(at(e.mark) + e.msg);
  } catch (const std::exception &e) {
    return fail(argument + ": cannot read the file (" + e.what() + ")");
  }
  int kernels = 0, candidates = 0, insights = 0;
  // All or nothing: a malformed entry leaves the library as it was.
  if (!library.begin(error))
    return fail(error);
  auto abort = [&](const std::string &message) {
    library.rollback();
    return fail(message);
  };
  try {
    if (!root.IsMap())
      return abort(argument + ": not a foundry-library export (a map with "
                              "version: 1, kernels, candidates, insights)");
    if (!root["version"] || root["version"].as<std::string>("") != "1")
      return abort(at(root["version"] ? root["version"].Mark() : root.Mark()) +
                   "export version '" +
                   (root["version"] ? root["version"].as<std::string>("?")
                                    : std::string("none")) +
                   "'; this foundry reads version 1");
    for (const char *list : {"kernels", "candidates", "insights"})
      if (root[list] && !root[list].IsSequence())
        return abort(at(root[list].Mark()) + "'" + list + "' must be a list");
    for (const YAML::Node &k : root["kernels"]) {
      // Exports from before kernel keys (2026-12-01) key each kernel, and
      // its candidates, by its exact fingerprint.
      std::string exactKey = field(k, "exact_key").as<std::string>();
      std::string kernelKey =
          k["kernel_key"] ? k["kernel_key"].as<std::string>() : exactKey;
      ExperienceLibrary::KernelRow row{
          kernelKey,
          exactKey,
          field(k, "graph_key").as<std::string>(),
          field(k, "family_key").as<std::string>(),
          field(k, "name").as<std::string>(),
          field(k, "op_graph").as<std::string>(),
          field(k, "shape_bucket").as<std::string>(),
          field(k, "family").as<std::string>(),
          field(k, "target").as<std::string>()};
      if (!isDigest(row.kernelKey))
        return abort(at((k["kernel_key"] ? k["kernel_key"] : k).Mark()) +
                     notAKey("kernel_key", row.kernelKey));
      if (!library.importKernel(row, error))
        return abort(at(k.Mark()) + error);
      ++kernels;
    }
    // A candidate's genome must be a schedule (foundry-* schedule passes
    // only: the search would replay it), with an IR patch that parses if it
    // has one (the search checks it against its kernel before running it),
    // whose digest is its genome_hash (the
    // key a search looks it up by): a record that fails either is forged or
    // corrupted, and would stand for another schedule's verdict.
    MLIRContext context{KernelFile::dialects()};
    for (const YAML::Node &c : root["candidates"]) {
      CandidateRecord record;
      record.kernelKey = field(c, "kernel").as<std::string>();
      record.genomeHash = field(c, "genome_hash").as<std::string>();
      record.genome = c["genome"].as<std::string>("");
      record.stage = field(c, "stage").as<std::string>();
      record.ok = field(c, "ok").as<bool>();
      record.medianMs = field(c, "median_ms").as<double>();
      record.diagnosis = c["diagnosis"].as<std::string>("");
      if (!isDigest(record.kernelKey))
        return abort(at(c["kernel"].Mark()) +
                     notAKey("kernel", record.kernelKey));
      std::string normalized;
      if (!record.genome.empty() &&
          !validateGenome(&context, record.genome, normalized, error))
        return abort(at((c["genome"] ? c["genome"] : c).Mark()) + "candidate " +
                     record.genomeHash +
                     ": the genome is not a foundry schedule (" + error + ")");
      // An export of an older version may have normalized the genome
      // differently (new pass options print their defaults): its hash is
      // then that of the genome as written, and the record is kept under
      // today's normal form and hash.
      if (genomeHash(normalized) != record.genomeHash &&
          genomeHash(record.genome) != record.genomeHash)
        return abort(at(c["genome_hash"].Mark()) + "candidate " +
                     record.genomeHash +
                     ": genome_hash does not match its genome (whose hash "
                     "is " +
                     genomeHash(normalized) + ")");
      record.genome = normalized;
      record.genomeHash = genomeHash(normalized);
      if (!library.importCandidate(record, error))
        return abort(at(c.Mark()) + error);
      ++candidates;
    }
    // Exports older than the insights have none.
    for (const YAML::Node &i : root["insights"]) {
      ExperienceLibrary::Insight insight{
          field(i, "family_key").as<std::string>(),
          field(i, "expert").as<std::string>(),
          field(i, "change").as<std::string>(),
          field(i, "tries").as<int64_t>(),
          field(i, "passed").as<int64_t>(),
          field(i, "improvements").as<int64_t>(),
          field(i, "gain").as<double>()};
      if (!library.addInsight(insight, 0, error))
        return abort(at(i.Mark()) + error);
      ++insights;
    }
  } catch (const ImportError &e) {
    return abort(e.message);
  } catch (const YAML::Exception &e) {
    return abort(at(e.mark) + e.msg);
  } catch (const std::exception &e) {
    return abort(argument + ": " + e.what());
  }
  if (!library.commit(error))
    return abort(error);
  llvm::outs() << "imported " << kernels << " kernels, " << candidates
               << " candidates and " << insights << " insights into "
               << libraryPath << "\n";
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
      "import, prune, integrity check\n");
  if (!llvm::is_contained(
          {"stats", "best", "export", "import", "prune", "check", "insights"},
          llvm::StringRef(command)))
    return fail("unknown command '" + command +
                "' (stats, best, export, import, prune, check, "
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
  return fail("unknown command '" + command +
              "' (stats, best, export, import, prune, check, "
                "insights)");
}

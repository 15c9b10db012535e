//===- LibraryImport.cpp - foundry-library import, streamed ---------------===//
//
// yaml-cpp's event parser walks the export; each entry of its lists
// (kernels, candidates, insights: maps of scalars) is collected alone,
// checked and written, then dropped. YAML::Load built the whole document
// as a tree first: a million candidates took over 7 GB.
//
//===----------------------------------------------------------------------===//

#include "foundry/Evolve/LibraryImport.h"
#include "foundry/Evolve/Genome.h"
#include "foundry/Evolve/Library.h"
#include "foundry/Evolve/LlmExpert.h"
#include "foundry/InitAll.h"
#include "foundry/Support/UntrustedInput.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <istream>
#include <map>
#include <memory>
#include <optional>
#include <streambuf>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

using namespace mlir;
using namespace mlir::foundry;

namespace {

/// A malformed export, as "FILE:LINE:COL: why".
struct ImportError {
  std::string message;
};

/// Candidates whose IR patches are parsed in one MLIRContext before it is
/// replaced (a context keeps every type and attribute it interned).
constexpr int64_t kPatchesPerContext = 4096;

/// An istream over a buffer already in memory (no copy).
class BufferStream : public std::streambuf {
public:
  explicit BufferStream(llvm::StringRef text) {
    char *begin = const_cast<char *>(text.data());
    setg(begin, begin, begin + text.size());
  }
};

/// One entry of an export's list: its scalar fields by key (a null value
/// is left out: absent), with their positions.
struct Entry {
  YAML::Mark mark;
  std::map<std::string, std::pair<std::string, YAML::Mark>> fields;
};

/// Reads the export's one document, calling `onEntry` for each entry of its
/// lists as soon as the entry ends.
class ExportReader final : public YAML::EventHandler {
public:
  using OnEntry = std::function<void(llvm::StringRef list, const Entry &)>;

  ExportReader(std::string file, OnEntry onEntry)
      : file_(std::move(file)), onEntry_(std::move(onEntry)) {}

  /// "FILE:LINE:COL: " of `mark`, or "FILE: " where there is none.
  std::string at(const YAML::Mark &mark) const {
    if (mark.is_null())
      return file_ + ": ";
    return file_ + ":" + std::to_string(mark.line + 1) + ":" +
           std::to_string(mark.column + 1) + ": ";
  }

  /// After the document: the first error of an entry, else a map with
  /// version 1.
  void finish() const {
    if (failure_)
      throw ImportError{*failure_};
    if (!sawRoot_)
      throw ImportError{file_ + ": not a foundry-library export (a map with "
                                "version: 1, kernels, candidates, insights)"};
    if (!sawVersion_)
      throw ImportError{at(rootMark_) + "export version 'none'; this foundry "
                                        "reads version 1"};
  }

  void OnDocumentStart(const YAML::Mark &) override {}
  void OnDocumentEnd() override {}
  void OnAnchor(const YAML::Mark &, const std::string &) override {}

  void OnAlias(const YAML::Mark &mark, YAML::anchor_t) override {
    guarded([&] {
      if (skipping_ == 0)
        throw ImportError{at(mark) + "an alias; an export has none"};
    });
  }

  void OnNull(const YAML::Mark &mark, YAML::anchor_t) override {
    guarded([&] { onValue(mark, std::nullopt); });
  }

  void OnScalar(const YAML::Mark &mark, const std::string &,
                YAML::anchor_t, const std::string &value) override {
    guarded([&] { onValue(mark, value); });
  }

  void OnSequenceStart(const YAML::Mark &mark, const std::string &,
                       YAML::anchor_t, YAML::EmitterStyle::value) override {
    guarded([&] {
      if (skipping_ > 0) {
        ++skipping_;
        return;
      }
      if (state_ == State::RootValue && isList(key_)) {
        list_ = key_;
        state_ = State::List;
        return;
      }
      onCollection(mark);
    });
  }

  void OnSequenceEnd() override {
    guarded([&] {
      if (skipping_ > 0) {
        --skipping_;
        return;
      }
      // Only a list's end gets here (any other sequence was skipped).
      state_ = State::RootKey;
    });
  }

  void OnMapStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {
    guarded([&] {
      if (skipping_ > 0) {
        ++skipping_;
        return;
      }
      if (state_ == State::Start) {
        sawRoot_ = true;
        rootMark_ = mark;
        state_ = State::RootKey;
        return;
      }
      if (state_ == State::List) {
        entry_ = Entry{mark, {}};
        state_ = State::EntryKey;
        return;
      }
      onCollection(mark);
    });
  }

  void OnMapEnd() override {
    guarded([&] {
      if (skipping_ > 0) {
        --skipping_;
        return;
      }
      if (state_ == State::EntryKey) {
        onEntry_(list_, entry_);
        state_ = State::List;
        return;
      }
      state_ = State::Done; // The root map's end.
    });
  }

private:
  enum class State { Start, RootKey, RootValue, List, EntryKey, EntryValue, Done };

  /// Runs `handle` for an event until an error: that error is kept and the
  /// rest of the document only parsed (nothing more is written), so that a
  /// YAML syntax error further on, which yaml-cpp throws, is the one
  /// reported (an unterminated flow map reads as a map used as a key).
  template <typename Handle> void guarded(Handle &&handle) {
    if (failure_)
      return;
    try {
      handle();
    } catch (const ImportError &e) {
      failure_ = e.message;
    }
  }

  static bool isList(llvm::StringRef key) {
    return key == "kernels" || key == "candidates" || key == "insights";
  }

  /// A scalar or null where the state expects one.
  void onValue(const YAML::Mark &mark, std::optional<std::string> value) {
    if (skipping_ > 0)
      return;
    switch (state_) {
    case State::Start:
      throw ImportError{file_ + ": not a foundry-library export (a map with "
                                "version: 1, kernels, candidates, insights)"};
    case State::RootKey:
      key_ = value.value_or("");
      state_ = State::RootValue;
      return;
    case State::RootValue:
      if (isList(key_))
        throw ImportError{at(mark) + "'" + key_ + "' must be a list"};
      if (key_ == "version") {
        if (value.value_or("") != "1")
          throw ImportError{at(mark) + "export version '" +
                            value.value_or("none") +
                            "'; this foundry reads version 1"};
        sawVersion_ = true;
      }
      state_ = State::RootKey;
      return;
    case State::List:
      throw ImportError{at(mark) + "expected a map"};
    case State::EntryKey:
      key_ = value.value_or("");
      state_ = State::EntryValue;
      return;
    case State::EntryValue:
      if (value)
        entry_.fields[key_] = {*value, mark};
      else
        entry_.fields.erase(key_);
      state_ = State::EntryKey;
      return;
    case State::Done:
      return;
    }
  }

  /// A map or sequence where it is not a list or an entry.
  void onCollection(const YAML::Mark &mark) {
    switch (state_) {
    case State::Start:
    case State::Done:
      throw ImportError{file_ + ": not a foundry-library export (a map with "
                                "version: 1, kernels, candidates, insights)"};
    case State::RootKey:
      throw ImportError{at(mark) + "expected a key"};
    case State::RootValue:
      if (isList(key_))
        throw ImportError{at(mark) + "'" + key_ + "' must be a list"};
      if (key_ == "version")
        throw ImportError{at(mark) + "export version '?'; this foundry reads "
                                     "version 1"};
      // Another key of the root: its value is not read.
      skipping_ = 1;
      state_ = State::RootKey;
      return;
    case State::List:
      throw ImportError{at(mark) + "expected a map"};
    case State::EntryKey:
      throw ImportError{at(mark) + "expected a key"};
    case State::EntryValue:
      throw ImportError{at(mark) + "'" + key_ + "' must be a scalar"};
    }
  }

  std::string file_;
  OnEntry onEntry_;
  State state_ = State::Start;
  /// Depth of the collection being skipped (the value of a key the root
  /// map has beside the lists), 0 if none.
  int skipping_ = 0;
  bool sawRoot_ = false, sawVersion_ = false;
  YAML::Mark rootMark_ = YAML::Mark::null_mark();
  std::string key_, list_;
  Entry entry_;
  std::optional<std::string> failure_;
};

/// True for a key as KernelFingerprint makes them: 16 lower-case hex digits.
bool isDigest(llvm::StringRef key) {
  return key.size() == 16 && llvm::all_of(key, [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

/// The error for `field` holding `key`, which is not a digest.
std::string notAKey(llvm::StringRef field, llvm::StringRef key) {
  return (field + " '" + key.take_front(40) +
          "' is not a key (16 lower-case hex digits)")
      .str();
}

/// Reads the fields of entries, with the reader's positions in errors.
class Fields {
public:
  Fields(const ExportReader &reader, const Entry &entry)
      : reader_(reader), entry_(entry) {}

  /// The field `key`, which the entry must have.
  const std::string &text(const char *key) const {
    return find(key).first;
  }
  /// The field `key`, or `fallback` where the entry has none.
  std::string text(const char *key, std::string fallback) const {
    auto it = entry_.fields.find(key);
    return it == entry_.fields.end() ? fallback : it->second.first;
  }
  /// The field `key` converted as yaml-cpp converts scalars.
  template <typename T> T as(const char *key) const {
    const auto &[value, mark] = find(key);
    try {
      return YAML::Node(value).as<T>();
    } catch (const YAML::Exception &) {
      throw ImportError{reader_.at(mark) + "bad conversion"};
    }
  }

  /// "FILE:LINE:COL: " of the field `key`, else of the entry.
  std::string at(const char *key) const {
    auto it = entry_.fields.find(key);
    return reader_.at(it == entry_.fields.end() ? entry_.mark
                                                : it->second.second);
  }

private:
  const std::pair<std::string, YAML::Mark> &find(const char *key) const {
    auto it = entry_.fields.find(key);
    if (it == entry_.fields.end())
      throw ImportError{reader_.at(entry_.mark) + "missing '" + key + "'"};
    return it->second;
  }

  const ExportReader &reader_;
  const Entry &entry_;
};

/// A context for validating genomes (their IR patches parse in it).
std::unique_ptr<MLIRContext> newContext() {
  DialectRegistry registry;
  registerAllDialects(registry);
  return std::make_unique<MLIRContext>(registry);
}

} // namespace

bool mlir::foundry::importExport(ExperienceLibrary &library,
                                 llvm::StringRef path, ImportCounts &counts,
                                 std::string &error) {
  std::unique_ptr<llvm::MemoryBuffer> file = readUntrustedFile(path, error);
  if (!file)
    return false;
  return importExport(library, *file, counts, error);
}

bool mlir::foundry::importExport(ExperienceLibrary &library,
                                 const llvm::MemoryBuffer &file,
                                 ImportCounts &counts, std::string &error) {
  llvm::StringRef path = file.getBufferIdentifier();
  // All or nothing: a malformed entry leaves the library as it was. The
  // entries come in the file's order (candidates may come before their
  // kernel: a YAML writer that sorts keys), so the kernels they name are
  // checked at the commit.
  if (!library.begin(error))
    return false;
  if (!library.deferForeignKeys(error)) {
    library.rollback();
    return false;
  }
  std::unique_ptr<MLIRContext> context = newContext();
  int64_t patches = 0;
  std::unique_ptr<ExportReader> reader;
  auto onEntry = [&](llvm::StringRef list, const Entry &entry) {
    Fields f(*reader, entry);
    std::string why;
    if (list == "kernels") {
      // Exports from before kernel keys (2026-12-01) key each kernel, and
      // its candidates, by its exact fingerprint.
      std::string exactKey = f.text("exact_key");
      ExperienceLibrary::KernelRow row{f.text("kernel_key", exactKey),
                                       exactKey,
                                       f.text("graph_key"),
                                       f.text("family_key"),
                                       f.text("name"),
                                       f.text("op_graph"),
                                       f.text("shape_bucket"),
                                       f.text("family"),
                                       f.text("target")};
      if (!isDigest(row.kernelKey))
        throw ImportError{f.at("kernel_key") +
                          notAKey("kernel_key", row.kernelKey)};
      if (!library.importKernel(row, why))
        throw ImportError{reader->at(entry.mark) + why};
      ++counts.kernels;
      return;
    }
    if (list == "candidates") {
      // A candidate's genome must be a schedule (foundry-* schedule passes
      // only: the search would replay it), with an IR patch that parses if
      // it has one (the search checks it against its kernel before running
      // it), whose digest is its genome_hash (the key a search looks it up
      // by): a record that fails either is forged or corrupted, and would
      // stand for another schedule's verdict.
      CandidateRecord record;
      record.kernelKey = f.text("kernel");
      record.genomeHash = f.text("genome_hash");
      record.genome = f.text("genome", "");
      record.stage = f.text("stage");
      record.ok = f.as<bool>("ok");
      record.medianMs = f.as<double>("median_ms");
      record.diagnosis = f.text("diagnosis", "");
      if (!isDigest(record.kernelKey))
        throw ImportError{f.at("kernel") + notAKey("kernel", record.kernelKey)};
      if (!splitGenome(record.genome).patch.empty() &&
          ++patches % kPatchesPerContext == 0)
        context = newContext();
      std::string normalized;
      if (!record.genome.empty() &&
          !validateGenome(context.get(), record.genome, normalized, why))
        throw ImportError{f.at("genome") + "candidate " + record.genomeHash +
                          ": the genome is not a foundry schedule (" + why +
                          ")"};
      // An export of an older version may have normalized the genome
      // differently (new pass options print their defaults): its hash is
      // then that of the genome as written, and the record is kept under
      // today's normal form and hash.
      if (genomeHash(normalized) != record.genomeHash &&
          genomeHash(record.genome) != record.genomeHash)
        throw ImportError{f.at("genome_hash") + "candidate " +
                          record.genomeHash +
                          ": genome_hash does not match its genome (whose "
                          "hash is " +
                          genomeHash(normalized) + ")"};
      record.genome = normalized;
      record.genomeHash = genomeHash(normalized);
      if (!library.importCandidate(record, why))
        throw ImportError{reader->at(entry.mark) + why};
      ++counts.candidates;
      return;
    }
    // Exports older than the insights have none.
    ExperienceLibrary::Insight insight{
        f.text("family_key"),        f.text("expert"),
        f.text("change"),            f.as<int64_t>("tries"),
        f.as<int64_t>("passed"),     f.as<int64_t>("improvements"),
        f.as<double>("gain")};
    if (!library.addInsight(insight, 0, why))
      throw ImportError{reader->at(entry.mark) + why};
    ++counts.insights;
  };
  reader = std::make_unique<ExportReader>(path.str(), onEntry);
  try {
    BufferStream buffer(file.getBuffer());
    std::istream in(&buffer);
    YAML::Parser parser(in);
    parser.HandleNextDocument(*reader);
    reader->finish();
  } catch (const ImportError &e) {
    error = e.message;
  } catch (const YAML::Exception &e) {
    error = reader->at(e.mark) + e.msg;
  } catch (const std::exception &e) {
    error = path.str() + ": " + e.what();
  }
  if (error.empty()) {
    if (library.commit(error))
      return true;
    error = path.str() + ": " + error;
    if (llvm::StringRef(error).contains("FOREIGN KEY"))
      error += " (a candidate names a kernel that neither the export nor the "
               "library holds)";
  }
  library.rollback();
  counts = ImportCounts();
  return false;
}

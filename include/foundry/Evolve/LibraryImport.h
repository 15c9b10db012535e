//===- LibraryImport.h - foundry-library import, streamed ------*- C++ -*-===//
//
// Reads a foundry-library export (YAML, version 1) entry by entry and merges
// it into a library in one transaction: a malformed entry, named at its
// FILE:LINE:COL, leaves the library as it was. Memory stays bounded by one
// entry (yaml-cpp's event parser, no document tree), whatever the number of
// candidates.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_EVOLVE_LIBRARYIMPORT_H
#define FOUNDRY_EVOLVE_LIBRARYIMPORT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <string>

namespace mlir::foundry {
class ExperienceLibrary;

/// What an import added.
struct ImportCounts {
  int64_t kernels = 0, candidates = 0, insights = 0;
};

/// Merges the export at `path` (an untrusted file, UntrustedInput.h) into
/// `library`. Each candidate's genome is validated as the search's own
/// (validateGenome: foundry-* schedule passes, an IR patch that parses
/// within its limits) and must hash to its genome_hash. Fails with `error`,
/// and then nothing was written.
bool importExport(ExperienceLibrary &library, llvm::StringRef path,
                  ImportCounts &counts, std::string &error);

/// importExport of an export already read (untrusted text, named by its
/// buffer identifier in errors).
bool importExport(ExperienceLibrary &library, const llvm::MemoryBuffer &file,
                  ImportCounts &counts, std::string &error);

} // namespace mlir::foundry

#endif // FOUNDRY_EVOLVE_LIBRARYIMPORT_H

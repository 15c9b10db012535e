//===- FuzzManifest.cpp - libFuzzer target: launch manifests --------------===//
//
// foundry-run's reader of launch manifests (JSON written by foundry-compile,
// or by anyone who hands foundry-run a file): parseManifest either returns
// kernels whose launches and arguments hold together (what the runner
// indexes and launches with unchecked), or an error.
//
//===----------------------------------------------------------------------===//

#include "foundry/Runtime/Manifest.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string text(reinterpret_cast<const char *>(data), size);
  std::vector<foundry::runtime::ManifestKernel> kernels;
  std::string error;
  auto broken = [](const char *what) {
    std::fprintf(stderr, "parseManifest: %s\n", what);
    std::abort();
  };
  if (!foundry::runtime::parseManifest(text, kernels, error)) {
    if (error.empty())
      broken("failed without an error");
    return 0;
  }
  if (kernels.empty())
    broken("accepted a manifest without kernels");
  for (const foundry::runtime::ManifestKernel &kernel : kernels) {
    if (kernel.launches.empty())
      broken("accepted a kernel without launches");
    for (const foundry::runtime::ManifestArgument &argument : kernel.arguments)
      if (argument.elementBytes() <= 0 || argument.numElements() < 0)
        broken("accepted an argument of no known size");
    for (const foundry::runtime::ManifestLaunch &launch : kernel.launches) {
      for (int64_t arg : launch.args)
        if (arg < 0 || arg >= int64_t(kernel.arguments.size()))
          broken("accepted a launch argument out of range");
      if (uint64_t(launch.block[0]) * launch.block[1] * launch.block[2] > 1024)
        broken("accepted a block of more than 1024 threads");
      for (int i = 0; i < 3; ++i)
        if (launch.grid[i] == 0 || launch.grid[i] % launch.cluster[i] != 0)
          broken("accepted a grid its clusters do not divide");
    }
  }
  return 0;
}

//===- Evaluate.cpp - Verify and time a compiled candidate on the GPU -----===//
//
// This file implements Evaluator: buffers, device-side input generation,
// poisoning, launches, comparison with the reference, the integrity checks
// and the KernelBench timing protocol, and the JSON result.
//
//===----------------------------------------------------------------------===//

#include "foundry/Runtime/Evaluate.h"

#include "foundry/Runtime/DeviceKernels.h"
#include "foundry/Runtime/TensorMap.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <numeric>

using namespace foundry::runtime;

namespace {

/// The median of `sorted` (ascending, not empty).
double medianOfSorted(const std::vector<double> &sorted) {
  size_t n = sorted.size();
  return n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

/// A candidate loaded and bound to its buffers: one launch list.
struct Bound {
  Module module;
  std::vector<CUfunction> functions;
  /// Kernel argument pointers (CUdeviceptr per argument of the manifest).
  std::vector<CUdeviceptr> pointers;
  /// Output and workspace buffers this candidate owns (inputs are shared).
  std::vector<DeviceBuffer> owned;
};

/// The state of one evaluation.
class Session {
public:
  Session(Cuda &cuda, const EvaluateOptions &options, EvaluateResult &result)
      : cuda_(cuda), api_(cuda.api()), options_(options), result_(result) {}

  bool fail(const std::string &message) {
    result_.errors.push_back(message);
    return false;
  }
  bool check(CUresult code, const char *call) {
    std::string error;
    if (cuda_.check(code, call, error))
      return true;
    return fail(error);
  }

  bool loadHelpers() {
    std::string error;
    if (!Module::load(cuda_, deviceKernelsPtx(), helpers_, error))
      return fail("runtime kernels: " + error);
    for (const char *type : {"f32", "f64", "f16", "bf16"}) {
      CUfunction function;
      if (!helpers_.function(std::string("foundry_fill_") + type, function,
                             error))
        return fail(error);
      fill_[type] = function;
    }
    for (const char *type :
         {"f32", "f64", "f16", "bf16", "i64", "i32", "i16", "i8"}) {
      CUfunction function;
      if (!helpers_.function(std::string("foundry_compare_") + type, function,
                             error))
        return fail(error);
      compare_[type] = function;
    }
    return DeviceBuffer::allocate(cuda_, sizeof(uint64_t) * 8, stats_, error) ||
           fail(error);
  }

  /// Compares `count` elements of `elementType` at `output` with
  /// `reference` on the device (foundry_compare_<type>): the same rule and
  /// the same statistics as compareBuffers, with only 64 bytes of
  /// statistics and the first failing pair copied back.
  bool compare(const std::string &elementType, CUdeviceptr output,
               CUdeviceptr reference, int64_t count, double atol, double rtol,
               CompareStats &stats) {
    stats = CompareStats();
    stats.elements = count;
    if (count <= 0)
      return true;
    auto it = compare_.find(elementType == "i1" ? "i8" : elementType);
    if (it == compare_.end())
      return fail("outputs of type " + elementType + " cannot be compared yet");
    uint64_t poison = 0;
    int bytes = 0;
    if (!poisonPattern(elementType, poison, bytes))
      return fail("no poison pattern for " + elementType);
    const uint64_t none = ~uint64_t(0);
    uint64_t init[8] = {0, 0, 0, none, 0, 0, none, 0};
    if (!check(api_.cuMemcpyHtoD(stats_.pointer(), init, sizeof(init)),
               "cuMemcpyHtoD"))
      return false;
    uint64_t n = static_cast<uint64_t>(count);
    CUdeviceptr statsPointer = stats_.pointer();
    void *params[] = {&output, &reference, &n,           &atol,
                      &rtol,   &poison,    &statsPointer};
    unsigned blocks =
        static_cast<unsigned>(std::min<uint64_t>((n + 255) / 256, 132 * 8));
    uint64_t out[8];
    if (!check(api_.cuLaunchKernel(it->second, blocks, 1, 1, 256, 1, 1, 0,
                                   nullptr, params, nullptr),
               "cuLaunchKernel(foundry_compare)") ||
        !synchronize("comparison") ||
        !check(api_.cuMemcpyDtoH(out, stats_.pointer(), sizeof(out)),
               "cuMemcpyDtoH"))
      return false;
    auto asDouble = [](uint64_t bits) {
      double value;
      std::memcpy(&value, &bits, 8);
      return value;
    };
    // Keys of foundry_compare: sign bit set for non-negative values, every
    // bit flipped for negative ones.
    auto decodeOrderedKey = [&](uint64_t key) {
      const uint64_t sign = uint64_t(1) << 63;
      return asDouble(key & sign ? key & ~sign : ~key);
    };
    stats.mismatches = static_cast<int64_t>(out[0]);
    stats.unwritten = static_cast<int64_t>(out[1]);
    stats.badReference = static_cast<int64_t>(out[2]);
    stats.maxAbsError = asDouble(out[4]);
    stats.maxRelError = asDouble(out[5]);
    if (out[6] != none) {
      stats.referenceMin = decodeOrderedKey(out[6]);
      stats.referenceMax = decodeOrderedKey(out[7]);
    }
    if (out[3] != none) {
      stats.firstFailingIndex = static_cast<int64_t>(out[3]);
      char value[8] = {}, expected[8] = {};
      size_t offset = out[3] * size_t(bytes);
      if (!check(api_.cuMemcpyDtoH(value, output + offset, bytes),
                 "cuMemcpyDtoH") ||
          !check(api_.cuMemcpyDtoH(expected, reference + offset, bytes),
                 "cuMemcpyDtoH"))
        return false;
      stats.firstFailingValue = elementAsDouble(elementType, value, 0);
      stats.firstFailingReference = elementAsDouble(elementType, expected, 0);
    }
    return true;
  }

  /// Device copies of the buffers at `pointers` (of `args`' sizes).
  bool snapshot(const std::vector<const ManifestArgument *> &args,
                const std::vector<CUdeviceptr> &pointers,
                std::vector<DeviceBuffer> &copies) {
    copies.resize(args.size());
    for (size_t i = 0; i < args.size(); ++i) {
      std::string error;
      if (!copies[i].pointer() &&
          !DeviceBuffer::allocate(cuda_, args[i]->bytes, copies[i], error))
        return fail(error);
      if (args[i]->bytes &&
          !check(api_.cuMemcpyDtoD(copies[i].pointer(), pointers[i],
                                   args[i]->bytes),
                 "cuMemcpyDtoD"))
        return false;
    }
    return true;
  }

  /// Fills `buffer` (of `argument`'s type) with values from `seed`.
  bool fillInput(const ManifestArgument &argument, CUdeviceptr pointer,
                 uint32_t seed) {
    auto it = fill_.find(argument.elementType);
    if (it == fill_.end())
      return fail("inputs of type " + argument.elementType +
                  " cannot be generated yet");
    uint64_t count = static_cast<uint64_t>(argument.numElements());
    if (count == 0)
      return true;
    // An input's foundry.init is its domain; the others take the
    // distribution asked for (wide: normal, a standard deviation of 64, one
    // element in 16 exactly 0).
    bool wide = !argument.hasInit && options_.distribution == "wide";
    uint32_t normal = argument.hasInit ? argument.normal
                      : options_.distribution == "normal" || wide ? 1
                                                                  : 0;
    float scale = wide ? 64.0f : float(argument.scale);
    float shift = wide ? 0.0f : float(argument.shift);
    uint32_t zeroMask = wide ? 15 : 0;
    void *params[] = {&pointer, &count, &seed,    &normal,
                      &scale,   &shift, &zeroMask};
    unsigned blocks = static_cast<unsigned>(
        std::min<uint64_t>((count + 255) / 256, 132 * 64));
    return check(api_.cuLaunchKernel(it->second, blocks, 1, 1, 256, 1, 1, 0,
                                     nullptr, params, nullptr),
                 "cuLaunchKernel(foundry_fill)");
  }

  /// Writes the poison pattern into a buffer of `argument`'s type.
  bool poison(const ManifestArgument &argument, CUdeviceptr pointer) {
    uint64_t bits = 0;
    int bytes = 0;
    if (!poisonPattern(argument.elementType, bits, bytes) || !argument.bytes)
      return true;
    size_t count = static_cast<size_t>(argument.bytes);
    switch (bytes) {
    case 1:
      return check(api_.cuMemsetD8(pointer, uint8_t(bits), count),
                   "cuMemsetD8");
    case 2:
      return check(api_.cuMemsetD16(pointer, uint16_t(bits), count / 2),
                   "cuMemsetD16");
    default: // 4 and 8: the 8-byte patterns repeat their low half.
      return check(api_.cuMemsetD32(pointer, uint32_t(bits), count / 4),
                   "cuMemsetD32");
    }
  }

  /// Allocates the shared inputs from `kernel`'s arguments.
  bool allocateInputs(const ManifestKernel &kernel) {
    for (const ManifestArgument &argument : kernel.arguments) {
      if (argument.role != ManifestArgument::Role::Input)
        continue;
      DeviceBuffer buffer;
      std::string error;
      if (!DeviceBuffer::allocate(cuda_, argument.bytes, buffer, error))
        return fail(error);
      inputs_.push_back(std::move(buffer));
      inputArgs_.push_back(&argument);
    }
    return true;
  }

  /// Loads `candidate` and binds it to the shared inputs and its own
  /// outputs and workspaces.
  bool bind(const Candidate &candidate, Bound &bound) {
    std::string error;
    if (!Module::load(cuda_, candidate.image, bound.module, error))
      return fail(candidate.name + ": " + error);
    for (const ManifestLaunch &launch : candidate.kernel.launches) {
      CUfunction function;
      if (!bound.module.function(launch.kernel, function, error))
        return fail(candidate.name + ": " + error);
      if (launch.dynamicSharedMemory > 48 * 1024 &&
          !check(api_.cuFuncSetAttribute(
                     function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                     int(launch.dynamicSharedMemory)),
                 "cuFuncSetAttribute"))
        return false;
      // Clusters of more than the portable 8 blocks (the kernel's
      // .reqnctapercluster) launch only after this opt-in (CUDA driver
      // API, cuFuncSetAttribute).
      if (launch.clusterBlocks() > 8 &&
          !check(api_.cuFuncSetAttribute(
                     function,
                     CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1),
                 "cuFuncSetAttribute(non-portable cluster size)"))
        return false;
      bound.functions.push_back(function);
    }
    size_t nextInput = 0;
    for (const ManifestArgument &argument : candidate.kernel.arguments) {
      if (argument.role == ManifestArgument::Role::Input) {
        bound.pointers.push_back(inputs_[nextInput++].pointer());
        continue;
      }
      DeviceBuffer buffer;
      if (!DeviceBuffer::allocate(cuda_, argument.bytes, buffer, error))
        return fail(error);
      bound.pointers.push_back(buffer.pointer());
      bound.owned.push_back(std::move(buffer));
    }
    // Tensor maps hold the device addresses of the buffers just bound.
    const std::vector<ManifestArgument> &arguments = candidate.kernel.arguments;
    for (size_t i = 0; i < arguments.size(); ++i)
      if (arguments[i].role == ManifestArgument::Role::TensorMap &&
          !encodeTensorMap(arguments[i], arguments[arguments[i].tensorMap.buffer],
                           bound.pointers[arguments[i].tensorMap.buffer],
                           bound.pointers[i])) {
        result_.errors.back() = candidate.name + ": argument #" +
                                std::to_string(i) + ": " +
                                result_.errors.back();
        return false;
      }
    return true;
  }

  /// Writes into `target` (128 bytes of device memory) the TMA tensor map
  /// of `map` over `mapped`, which is bound at `base` (encodeTensorMap).
  bool encodeTensorMap(const ManifestArgument &map,
                       const ManifestArgument &mapped, CUdeviceptr base,
                       CUdeviceptr target) {
    CUtensorMap encoded;
    std::string error;
    if (!foundry::runtime::encodeTensorMap(cuda_, map, mapped, base, encoded,
                                           error))
      return fail(error);
    return check(api_.cuMemcpyHtoD(target, &encoded, sizeof(encoded)),
                 "cuMemcpyHtoD(tensor map)");
  }

  /// Poisons every output and workspace of `bound`.
  bool poisonAll(const Candidate &candidate, const Bound &bound) {
    for (size_t i = 0; i < candidate.kernel.arguments.size(); ++i)
      if (candidate.kernel.arguments[i].role != ManifestArgument::Role::Input &&
          candidate.kernel.arguments[i].role !=
              ManifestArgument::Role::TensorMap &&
          !poison(candidate.kernel.arguments[i], bound.pointers[i]))
        return false;
    return true;
  }

  /// Enqueues every launch of `candidate` (no synchronization).
  bool launch(const Candidate &candidate, Bound &bound) {
    for (size_t l = 0; l < candidate.kernel.launches.size(); ++l)
      if (!launchOne(candidate, bound, l))
        return false;
    return true;
  }

  /// Enqueues launch `l` of `candidate` (no synchronization).
  bool launchOne(const Candidate &candidate, Bound &bound, size_t l) {
    const ManifestLaunch &launch = candidate.kernel.launches[l];
    std::vector<CUdeviceptr> args;
    for (int64_t index : launch.args)
      args.push_back(bound.pointers[index]);
    std::vector<void *> params;
    for (CUdeviceptr &arg : args)
      params.push_back(&arg);
    if (!check(api_.cuLaunchKernel(bound.functions[l], launch.grid[0],
                                   launch.grid[1], launch.grid[2],
                                   launch.block[0], launch.block[1],
                                   launch.block[2], launch.dynamicSharedMemory,
                                   nullptr, params.data(), nullptr),
               "cuLaunchKernel")) {
      result_.errors.back() += " (" + launch.kernel + ")";
      return false;
    }
    return true;
  }

  /// Launches `candidate` and waits for it; with `ms`, measures the launch
  /// sequence with CUDA events.
  bool timedLaunch(const Candidate &candidate, Bound &bound, double *ms) {
    if (!ms)
      return launch(candidate, bound) && synchronize("candidate launch");
    CUevent start, stop;
    if (!check(api_.cuEventCreate(&start, CU_EVENT_DEFAULT), "cuEventCreate") ||
        !check(api_.cuEventCreate(&stop, CU_EVENT_DEFAULT), "cuEventCreate"))
      return false;
    float elapsed = 0;
    bool ok = check(api_.cuEventRecord(start, nullptr), "cuEventRecord") &&
              launch(candidate, bound) &&
              check(api_.cuEventRecord(stop, nullptr), "cuEventRecord") &&
              synchronize("candidate launch") &&
              check(api_.cuEventElapsedTime(&elapsed, start, stop),
                    "cuEventElapsedTime");
    api_.cuEventDestroy(start);
    api_.cuEventDestroy(stop);
    *ms = elapsed;
    return ok;
  }

  bool synchronize(const std::string &what) {
    std::string error;
    if (cuda_.check(api_.cuCtxSynchronize(), "cuCtxSynchronize", error))
      return true;
    return fail(what + ": " + error);
  }

  /// Fresh inputs for `seed` (each input gets its own stream of values).
  bool fillInputs(uint32_t seed) {
    for (size_t i = 0; i < inputs_.size(); ++i)
      if (!fillInput(*inputArgs_[i], inputs_[i].pointer(),
                     seed * 0x9E3779B1u + uint32_t(i) * 0x85EBCA77u + 1))
        return false;
    return true;
  }

  /// Copies the outputs of `bound` (in manifest order) to the host.
  bool readOutputs(const Candidate &candidate, const Bound &bound,
                   std::vector<std::vector<char>> &outputs) {
    outputs.clear();
    for (size_t i = 0; i < candidate.kernel.arguments.size(); ++i) {
      const ManifestArgument &argument = candidate.kernel.arguments[i];
      if (argument.role != ManifestArgument::Role::Output)
        continue;
      outputs.emplace_back(argument.bytes);
      if (argument.bytes &&
          !check(api_.cuMemcpyDtoH(outputs.back().data(), bound.pointers[i],
                                   argument.bytes),
                 "cuMemcpyDtoH"))
        return false;
    }
    return true;
  }

  /// Fills the outputs of `bound` from the files `base`.o0, `base`.o1, ...
  /// (as saveOutputs wrote them); false, touching nothing a later launch
  /// would not overwrite, when any is missing or of the wrong size.
  bool loadOutputs(const Candidate &candidate, const Bound &bound,
                   const std::string &base) {
    std::vector<std::pair<size_t, std::vector<char>>> loaded;
    for (size_t i = 0, o = 0; i < candidate.kernel.arguments.size(); ++i) {
      const ManifestArgument &argument = candidate.kernel.arguments[i];
      if (argument.role != ManifestArgument::Role::Output)
        continue;
      std::ifstream in(base + ".o" + std::to_string(o++), std::ios::binary);
      std::vector<char> data(argument.bytes);
      if (!in || !in.read(data.data(), argument.bytes) ||
          in.peek() != std::char_traits<char>::eof())
        return false;
      loaded.emplace_back(i, std::move(data));
    }
    for (auto &[i, data] : loaded)
      if (!data.empty() &&
          !check(api_.cuMemcpyHtoD(bound.pointers[i], data.data(), data.size()),
                 "cuMemcpyHtoD"))
        return false;
    return true;
  }

  /// Writes the outputs of `bound` to `base`.o0, `base`.o1, ... (each
  /// through a temporary file and a rename, so that a reader never sees a
  /// partial file); a file that cannot be written is left out.
  bool saveOutputs(const Candidate &candidate, const Bound &bound,
                   const std::string &base) {
    std::vector<std::vector<char>> outputs;
    if (!readOutputs(candidate, bound, outputs))
      return false;
    for (size_t o = 0; o < outputs.size(); ++o) {
      std::string path = base + ".o" + std::to_string(o);
      std::string partial = path + ".partial";
      {
        std::ofstream out(partial, std::ios::binary | std::ios::trunc);
        if (!out.write(outputs[o].data(), outputs[o].size()))
          continue;
      }
      std::rename(partial.c_str(), path.c_str());
    }
    return true;
  }

  bool readInputs(std::vector<std::vector<char>> &data) {
    data.clear();
    for (size_t i = 0; i < inputs_.size(); ++i) {
      data.emplace_back(inputArgs_[i]->bytes);
      if (inputArgs_[i]->bytes &&
          !check(api_.cuMemcpyDtoH(data.back().data(), inputs_[i].pointer(),
                                   inputArgs_[i]->bytes),
                 "cuMemcpyDtoH"))
        return false;
    }
    return true;
  }

  /// Times `candidate` with the KernelBench protocol.
  /// With `pruneAboveMs` > 0, stops after options_.pruneAfterRuns timed
  /// runs whose median is above it (stats.pruned).
  bool time(const Candidate &candidate, Bound &bound, TimingStats &stats,
            uint32_t seed, double pruneAboveMs, int runs) {
    if (options_.l2FlushBytes && !flushBuffer().pointer())
      return false;
    CUevent start, stop;
    if (!check(api_.cuEventCreate(&start, CU_EVENT_DEFAULT), "cuEventCreate") ||
        !check(api_.cuEventCreate(&stop, CU_EVENT_DEFAULT), "cuEventCreate"))
      return false;
    std::vector<double> times;
    bool ok = true;
    int total = options_.warmup + std::max(runs, 2);
    for (int run = 0; run < total && ok; ++run) {
      ok = prepareRun(candidate, bound, seed + 1000 + run, run) &&
           check(api_.cuEventRecord(start, nullptr), "cuEventRecord") &&
           launch(candidate, bound) &&
           check(api_.cuEventRecord(stop, nullptr), "cuEventRecord") &&
           check(api_.cuEventSynchronize(stop), "cuEventSynchronize");
      float ms = 0;
      if (ok)
        ok = check(api_.cuEventElapsedTime(&ms, start, stop),
                   "cuEventElapsedTime");
      if (ok && run >= options_.warmup)
        times.push_back(ms);
      // A slow kernel: a few runs give its time well enough.
      if (ok && options_.maxTimingMs > 0 && times.size() >= 3 &&
          std::accumulate(times.begin(), times.end(), 0.0) >
              options_.maxTimingMs)
        break;
      // Much slower than the best known: a rough time is enough.
      if (ok && pruneAboveMs > 0 &&
          int(times.size()) == options_.pruneAfterRuns + 1 && run + 1 < total) {
        std::vector<double> sorted(times.begin() + 1, times.end());
        std::sort(sorted.begin(), sorted.end());
        if (sorted[sorted.size() / 2] > pruneAboveMs) {
          stats.pruned = true;
          break;
        }
      }
    }
    api_.cuEventDestroy(start);
    api_.cuEventDestroy(stop);
    if (!ok)
      return false;
    times.erase(times.begin()); // KernelBench discards the first trial.
    stats.runs = static_cast<int>(times.size());
    stats.mean = std::accumulate(times.begin(), times.end(), 0.0) / stats.runs;
    double squares = 0;
    for (double t : times)
      squares += (t - stats.mean) * (t - stats.mean);
    stats.stddev = std::sqrt(squares / stats.runs);
    std::sort(times.begin(), times.end());
    stats.min = times.front();
    stats.max = times.back();
    stats.median = medianOfSorted(times);
    return true;
  }

  /// What comes before every timed run, outside the events: fresh inputs
  /// (from `inputSeed`), poisoned outputs and, written with `run`, the L2
  /// flush buffer (which the caller has allocated).
  bool prepareRun(const Candidate &candidate, Bound &bound, uint32_t inputSeed,
                  int run) {
    return fillInputs(inputSeed) && poisonAll(candidate, bound) &&
           (!options_.l2FlushBytes ||
            check(api_.cuMemsetD32(flush_.pointer(), uint32_t(run),
                                   flush_.bytes() / 4),
                  "cuMemsetD32"));
  }

  /// Times each launch of `candidate` apart over `runs` runs of the timing
  /// protocol (fresh inputs, poisoned outputs, cold L2 before each run), an
  /// event recorded before the first launch and after each; `medians` gets
  /// one median per launch, in manifest order.
  bool timeLaunches(const Candidate &candidate, Bound &bound, uint32_t seed,
                    int runs, std::vector<double> &medians) {
    if (options_.l2FlushBytes && !flushBuffer().pointer())
      return false;
    size_t count = candidate.kernel.launches.size();
    std::vector<CUevent> events(count + 1, nullptr);
    bool ok = true;
    for (CUevent &event : events)
      ok = ok &&
           check(api_.cuEventCreate(&event, CU_EVENT_DEFAULT), "cuEventCreate");
    std::vector<std::vector<double>> times(count);
    for (int run = 0; run < runs && ok; ++run) {
      ok = prepareRun(candidate, bound, seed + 5000 + run, run) &&
           check(api_.cuEventRecord(events[0], nullptr), "cuEventRecord");
      for (size_t l = 0; l < count && ok; ++l)
        ok = launchOne(candidate, bound, l) &&
             check(api_.cuEventRecord(events[l + 1], nullptr), "cuEventRecord");
      ok = ok &&
           check(api_.cuEventSynchronize(events[count]), "cuEventSynchronize");
      for (size_t l = 0; l < count && ok; ++l) {
        float ms = 0;
        ok = check(api_.cuEventElapsedTime(&ms, events[l], events[l + 1]),
                   "cuEventElapsedTime");
        times[l].push_back(ms);
      }
    }
    for (CUevent event : events)
      if (event)
        api_.cuEventDestroy(event);
    if (!ok)
      return false;
    medians.clear();
    for (std::vector<double> &launchTimes : times) {
      std::sort(launchTimes.begin(), launchTimes.end());
      medians.push_back(medianOfSorted(launchTimes));
    }
    return true;
  }

  const std::vector<const ManifestArgument *> &inputArgs() const {
    return inputArgs_;
  }
  std::vector<DeviceBuffer> &inputs() { return inputs_; }
  std::vector<CUdeviceptr> inputPointers() const {
    std::vector<CUdeviceptr> pointers;
    for (const DeviceBuffer &buffer : inputs_)
      pointers.push_back(buffer.pointer());
    return pointers;
  }

private:
  DeviceBuffer &flushBuffer() {
    if (!flush_.pointer() && options_.l2FlushBytes) {
      std::string error;
      if (!DeviceBuffer::allocate(cuda_, options_.l2FlushBytes, flush_, error))
        fail(error);
    }
    return flush_;
  }

  Cuda &cuda_;
  const CudaApi &api_;
  const EvaluateOptions &options_;
  EvaluateResult &result_;
  Module helpers_;
  std::map<std::string, CUfunction> fill_, compare_;
  DeviceBuffer stats_;
  std::vector<DeviceBuffer> inputs_;
  std::vector<const ManifestArgument *> inputArgs_;
  DeviceBuffer flush_;
};

/// The argument lists of two compilations of one kernel agree (inputs and
/// outputs: same order, types and shapes; workspaces and tensor maps are
/// each compilation's own).
bool sameInterface(const ManifestKernel &a, const ManifestKernel &b,
                   std::string &why) {
  auto visible = [](const ManifestKernel &kernel) {
    std::vector<const ManifestArgument *> list;
    for (const ManifestArgument &argument : kernel.arguments)
      if (argument.role != ManifestArgument::Role::Workspace &&
          argument.role != ManifestArgument::Role::TensorMap)
        list.push_back(&argument);
    return list;
  };
  auto left = visible(a), right = visible(b);
  if (left.size() != right.size()) {
    why = "the candidate and the reference have different argument lists";
    return false;
  }
  for (size_t i = 0; i < left.size(); ++i)
    if (left[i]->role != right[i]->role ||
        left[i]->elementType != right[i]->elementType ||
        left[i]->shape != right[i]->shape) {
      why = "argument #" + std::to_string(i) +
            " differs between the candidate and the reference";
      return false;
    }
  return true;
}

} // namespace

IntegrityCheck foundry::runtime::checkPtxPrecision(
    const std::string &ptx, const std::string &precision,
    const std::vector<std::string> &inputTypes,
    const std::vector<std::string> &outputTypes) {
  IntegrityCheck check{"precision", "skipped", "no PTX given"};
  if (ptx.empty())
    return check;
  // The one 16-bit float type among the floating-point inputs, if there is
  // one (fp32 inputs beside it, a bias or a scale, are fine: an mma of that
  // type then reads the kernel's own 16-bit values, unless fp32 values are
  // rounded to it below).
  std::string ownHalf;
  for (const std::string &type : inputTypes) {
    if (type != "f16" && type != "bf16")
      continue;
    if (!ownHalf.empty() && ownHalf != type) {
      ownHalf = "-";
      break;
    }
    ownHalf = type;
  }
  // fp32 values rounded to it in any rounding mode (other than into an
  // output of that type) would be reduced precision feeding the mma.
  auto roundsTo = [&](const std::string &half) {
    for (size_t at = ptx.find("cvt."); at != std::string::npos;
         at = ptx.find("cvt.", at + 1)) {
      std::string instruction =
          ptx.substr(at, ptx.find_first_of(" \t\n;", at) - at);
      if (instruction.find("." + half + ".f32") != std::string::npos ||
          instruction.find("." + half + "x2.f32") != std::string::npos)
        return true;
    }
    return false;
  };
  if (!ownHalf.empty() && ownHalf != "-" &&
      std::find(outputTypes.begin(), outputTypes.end(), ownHalf) ==
          outputTypes.end() &&
      roundsTo(ownHalf))
    ownHalf = "-";
  // fp32 values rounded to a 16-bit float type that neither the kernel's
  // interface nor its precision has: lowered precision, even where no mma
  // reads them (a value computed on the rounded input wherever rounding
  // changed nothing passes any comparison).
  for (const std::string half : {"bf16", "f16"}) {
    if (precision == half ||
        std::find(inputTypes.begin(), inputTypes.end(), half) !=
            inputTypes.end() ||
        std::find(outputTypes.begin(), outputTypes.end(), half) !=
            outputTypes.end())
      continue;
    for (size_t at = ptx.find("cvt."); at != std::string::npos;
         at = ptx.find("cvt.", at + 1)) {
      std::string instruction =
          ptx.substr(at, ptx.find_first_of(" \t\n;", at) - at);
      if (instruction.find("." + half + ".f32") == std::string::npos &&
          instruction.find("." + half + "x2.f32") == std::string::npos)
        continue;
      check.status = "failed";
      check.detail = "rounds fp32 values to " + half +
                     ", a type of neither the kernel's interface nor its "
                     "precision (" +
                     precision + "): '" + instruction + "'";
      return check;
    }
  }
  struct Rule {
    const char *pattern;
    const char *kind;
  };
  static const Rule rules[] = {{".tf32", "tf32"},
                               {".bf16", "bf16"},
                               {".f16", "f16"},
                               {".e4m3", "fp8"},
                               {".e5m2", "fp8"}};
  for (const Rule &rule : rules) {
    // Conversions and loads of the kernel's own element type are fine; what
    // matters is arithmetic in a narrower type than the policy allows.
    size_t at = ptx.find(rule.pattern);
    while (at != std::string::npos) {
      size_t lineStart = ptx.rfind('\n', at);
      lineStart = lineStart == std::string::npos ? 0 : lineStart + 1;
      std::string line = ptx.substr(lineStart, ptx.find('\n', at) - lineStart);
      std::string kind = rule.kind;
      // Rounding to tf32 or fp8 (any rounding mode: cvt.rna.tf32.f32,
      // cvt.rn.tf32.f32, cvt.rn.satfinite.e4m3x2.f32) is arithmetic in
      // that type: no kernel interface holds it.
      bool narrowing = line.find("cvt.") != std::string::npos &&
                       (kind == "tf32" || kind == "fp8");
      bool arithmetic = line.find("mma") != std::string::npos || narrowing;
      bool allowed =
          (kind == "tf32" && (precision == "tf32" || precision == "3xtf32")) ||
          precision == kind ||
          (kind == ownHalf && precision != "ieee" &&
           line.find("mma") != std::string::npos &&
           line.find(".f32." + kind + "." + kind) != std::string::npos);
      if (arithmetic && !allowed) {
        check.status = "failed";
        check.detail = "uses " + kind +
                       " arithmetic but the kernel's "
                       "precision is " +
                       precision + ": '" + line + "'";
        return check;
      }
      at = ptx.find(rule.pattern, at + 1);
    }
  }
  check.status = "passed";
  check.detail = "precision " + precision;
  return check;
}

IntegrityCheck
foundry::runtime::checkPtxCallsAndGlobals(const std::string &ptx) {
  IntegrityCheck check{"calls-and-globals", "skipped", "no PTX given"};
  if (ptx.empty())
    return check;
  size_t start = 0;
  while (start < ptx.size()) {
    size_t end = ptx.find('\n', start);
    if (end == std::string::npos)
      end = ptx.size();
    std::string line = ptx.substr(start, end - start);
    start = end + 1;
    size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line.compare(first, 2, "//") == 0)
      continue;
    line = line.substr(first);
    // Directives of module scope only: declarations start at column 0 in
    // ptxas input, and .global/.extern never start an instruction.
    bool isExternFunc = line.rfind(".extern", 0) == 0 &&
                        line.find(".func") != std::string::npos;
    bool isGlobalVar = (line.rfind(".global", 0) == 0 ||
                        line.rfind(".visible .global", 0) == 0 ||
                        line.rfind(".weak .global", 0) == 0 ||
                        line.rfind(".extern .global", 0) == 0 ||
                        line.rfind(".common .global", 0) == 0);
    if (isExternFunc) {
      check.status = "failed";
      check.detail = "calls a function outside the module: '" + line + "'";
      return check;
    }
    if (isGlobalVar) {
      check.status = "failed";
      check.detail = "declares a mutable global that survives across "
                     "launches: '" +
                     line + "'";
      return check;
    }
  }
  check.status = "passed";
  check.detail = "";
  return check;
}

bool Evaluator::measureCeilings(Ceilings &ceilings, std::string &error) {
  const CudaApi &api = cuda_.api();
  size_t bytes = size_t(1) << 30;
  DeviceBuffer source, target;
  if (!DeviceBuffer::allocate(cuda_, bytes, source, error) ||
      !DeviceBuffer::allocate(cuda_, bytes, target, error))
    return false;
  CUevent start, stop;
  if (!cuda_.check(api.cuEventCreate(&start, CU_EVENT_DEFAULT), "cuEventCreate",
                   error) ||
      !cuda_.check(api.cuEventCreate(&stop, CU_EVENT_DEFAULT), "cuEventCreate",
                   error))
    return false;
  auto timeIt = [&](auto &&body, float &best) {
    best = 1e30f;
    for (int run = 0; run < 6; ++run) {
      float ms = 0;
      if (!cuda_.check(api.cuEventRecord(start, nullptr), "cuEventRecord",
                       error) ||
          !body() ||
          !cuda_.check(api.cuEventRecord(stop, nullptr), "cuEventRecord",
                       error) ||
          !cuda_.check(api.cuEventSynchronize(stop), "cuEventSynchronize",
                       error) ||
          !cuda_.check(api.cuEventElapsedTime(&ms, start, stop),
                       "cuEventElapsedTime", error))
        return false;
      if (run > 0) // The first run warms up.
        best = std::min(best, ms);
    }
    return true;
  };
  float copyMs = 0;
  bool ok = timeIt(
      [&] {
        return cuda_.check(
            api.cuMemcpyDtoD(target.pointer(), source.pointer(), bytes),
            "cuMemcpyDtoD", error);
      },
      copyMs);
  Module module;
  CUfunction fma = nullptr;
  float fmaMs = 0;
  unsigned blocks = 132 * 8, threads = 256, iterations = 4096;
  DeviceBuffer sink;
  if (ok)
    ok = Module::load(cuda_, deviceKernelsPtx(), module, error) &&
         module.function("foundry_fma_peak", fma, error) &&
         DeviceBuffer::allocate(cuda_, size_t(blocks) * threads * 4, sink,
                                error);
  if (ok) {
    CUdeviceptr out = sink.pointer();
    void *params[] = {&out, &iterations};
    ok = timeIt(
        [&] {
          return cuda_.check(api.cuLaunchKernel(fma, blocks, 1, 1, threads, 1,
                                                1, 0, nullptr, params, nullptr),
                             "cuLaunchKernel(foundry_fma_peak)", error);
        },
        fmaMs);
  }
  // The tensor cores: one warpgroup (128 threads, about 140 registers
  // each) per block, two blocks per SM (one wave), each iteration 4 wgmma
  // m64n256k<K> (2 x 64 x 256 x K FLOPs each).
  int sms = cuda_.attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
  unsigned wgmmaBlocks = 2 * unsigned(sms > 0 ? sms : 132),
           wgmmaThreads = 128, wgmmaIterations = 2048;
  Module tensorModule;
  DeviceBuffer wgmmaSink;
  float tensorMs[2] = {0, 0};
  const int tensorK[2] = {16, 8};
  if (ok)
    ok = Module::load(cuda_, tensorPeakKernelsPtx(), tensorModule, error) &&
         DeviceBuffer::allocate(cuda_, size_t(wgmmaBlocks) * wgmmaThreads * 4,
                                wgmmaSink, error);
  for (int i = 0; ok && i < 2; ++i) {
    CUfunction wgmma = nullptr;
    const char *name =
        i == 0 ? "foundry_wgmma_f16_peak" : "foundry_wgmma_tf32_peak";
    CUdeviceptr out = wgmmaSink.pointer();
    void *params[] = {&out, &wgmmaIterations};
    ok = tensorModule.function(name, wgmma, error) &&
         timeIt(
             [&] {
               return cuda_.check(api.cuLaunchKernel(wgmma, wgmmaBlocks, 1, 1,
                                                     wgmmaThreads, 1, 1, 0,
                                                     nullptr, params, nullptr),
                                  name, error);
             },
             tensorMs[i]);
  }
  api.cuEventDestroy(start);
  api.cuEventDestroy(stop);
  if (!ok)
    return false;
  ceilings.copyBytesPerSecond = 2.0 * double(bytes) / (copyMs * 1e-3);
  ceilings.fp32FlopsPerSecond =
      2.0 * 32 * double(iterations) * blocks * threads / (fmaMs * 1e-3);
  double tensorFlops[2];
  for (int i = 0; i < 2; ++i)
    tensorFlops[i] = 2.0 * 64 * 256 * tensorK[i] * 4 *
                     double(wgmmaIterations) * wgmmaBlocks /
                     (tensorMs[i] * 1e-3);
  ceilings.tensorF16FlopsPerSecond = tensorFlops[0];
  ceilings.tensorTf32FlopsPerSecond = tensorFlops[1];
  return true;
}

ComputeCeiling
foundry::runtime::computeCeiling(const Ceilings &ceilings,
                                 const std::string &precision,
                                 const std::vector<std::string> &inputTypes) {
  if (precision == "ieee" || precision.empty())
    // The name foundry-evolve's diagnosis knows (kFp32PeakCeiling).
    return {ceilings.fp32FlopsPerSecond, "FP32 peak"};
  bool half = precision == "bf16";
  for (const std::string &type : inputTypes)
    half |= type == "f16" || type == "bf16";
  if (half)
    return {ceilings.tensorF16FlopsPerSecond, "f16 tensor-core peak"};
  if (precision == "3xtf32")
    return {ceilings.tensorTf32FlopsPerSecond / 3,
            "tf32 tensor-core peak / 3"};
  return {ceilings.tensorTf32FlopsPerSecond, "tf32 tensor-core peak"};
}

EvaluateResult Evaluator::evaluate(const Candidate &candidate,
                                   const Candidate &reference,
                                   const EvaluateOptions &options,
                                   const Ceilings &ceilings) {
  EvaluateResult result;
  Session session(cuda_, options, result);
  const CudaApi &api = cuda_.api();
  const ManifestKernel &kernel = candidate.kernel;
  std::string why;
  if (!sameInterface(kernel, reference.kernel, why)) {
    result.errors.push_back(why);
    return result;
  }
  // Nothing may stay pinned in L2 between runs.
  api.cuCtxSetLimit(CU_LIMIT_PERSISTING_L2_CACHE_SIZE, 0);
  api.cuCtxResetPersistingL2Cache();

  Bound bound, baseline;
  if (!session.loadHelpers() || !session.allocateInputs(kernel) ||
      !session.bind(candidate, bound) || !session.bind(reference, baseline))
    return result;

  // Correctness: fresh inputs every trial, poisoned outputs every launch;
  // outputs are compared where they are, on the device.
  result.stage = "launch";
  std::vector<const ManifestArgument *> outputArgs;
  std::vector<CUdeviceptr> outputs, expected;
  for (size_t i = 0; i < kernel.arguments.size(); ++i)
    if (kernel.arguments[i].role == ManifestArgument::Role::Output) {
      outputArgs.push_back(&kernel.arguments[i]);
      outputs.push_back(bound.pointers[i]);
      expected.push_back(baseline.pointers[i]);
    }
  auto compareOutput = [&](size_t o, CUdeviceptr got, CUdeviceptr want,
                           double atol, double rtol, CompareStats &stats) {
    return session.compare(outputArgs[o]->elementType, got, want,
                           outputArgs[o]->numElements(), atol, rtol, stats);
  };
  result.outputs.resize(outputArgs.size());
  // The reference's outputs depend only on its image and the inputs, and
  // the inputs only on the seed and how they are drawn: with a cache
  // directory, a search computes each of them once, not once per candidate
  // (an f64 reference of a large GEMM takes seconds). The tag names this
  // foundry-run's view of all that (std::hash: the cache lives in one
  // search's work directory, used by one build).
  // Outputs of more than kMaxCachedReferenceBytes in all are computed
  // afresh: writing and reading gigabytes (a 1M x 768 GEMM's f64 result is
  // 6.4 GB) takes longer than the reference itself.
  constexpr uint64_t kMaxCachedReferenceBytes = uint64_t(256) << 20;
  uint64_t referenceOutputBytes = 0;
  for (const ManifestArgument &argument : reference.kernel.arguments)
    if (argument.role == ManifestArgument::Role::Output)
      referenceOutputBytes += argument.bytes;
  std::string cacheTag;
  if (!options.referenceCacheDirectory.empty() &&
      referenceOutputBytes <= kMaxCachedReferenceBytes) {
    std::string identity = reference.image;
    // "zeros": wide draws hold exact zeros since 2026-12-07; a cache of
    // the draws before does not match them.
    identity += "\n" + std::to_string(options.seed) + " " +
                options.distribution + " zeros";
    for (const ManifestArgument &argument : kernel.arguments)
      identity +=
          "\n" + argument.elementType + " " + std::to_string(argument.bytes) +
          " " + std::to_string(argument.hasInit) +
          std::to_string(argument.normal) + " " +
          std::to_string(argument.scale) + " " + std::to_string(argument.shift);
    char hex[17];
    std::snprintf(hex, sizeof(hex), "%016zx",
                  std::hash<std::string>{}(identity));
    cacheTag = options.referenceCacheDirectory + "/reference-" + hex;
  }
  // Runs the reference on the current inputs, or reads what it computed on
  // the same inputs (`key` names them) in an earlier evaluation.
  auto runReference = [&](const std::string &key) {
    std::string base = cacheTag.empty() ? "" : cacheTag + "-" + key;
    if (!base.empty() && session.loadOutputs(reference, baseline, base))
      return true;
    if (!session.launch(reference, baseline) ||
        !session.synchronize("reference launch"))
      return false;
    if (!base.empty())
      (void)session.saveOutputs(reference, baseline, base);
    return true;
  };
  std::vector<DeviceBuffer> inputsBefore, firstOutputs;
  IntegrityCheck readOnly{"inputs-read-only", "passed", ""};
  IntegrityCheck unwritten{"every-output-written", "passed", ""};
  for (int trial = 0; trial < std::max(options.trials, 1); ++trial) {
    uint32_t seed = options.seed + uint32_t(trial);
    if (!session.fillInputs(seed) || !session.poisonAll(candidate, bound) ||
        !session.poisonAll(reference, baseline))
      return result;
    if (options.integrity &&
        !session.snapshot(session.inputArgs(), session.inputPointers(),
                          inputsBefore))
      return result;
    // The reference first, on the inputs as drawn: a candidate that writes
    // an input must not change what it is compared with (nor what the
    // reference cache keeps for the next candidates).
    if (!runReference("trial" + std::to_string(seed)))
      return result;
    // The first launch is timed: a candidate far slower than a search's
    // best is dropped before its trials and checks cost minutes.
    double firstMs = 0;
    if (!session.timedLaunch(candidate, bound, trial == 0 ? &firstMs : nullptr))
      return result;
    if (trial == 0 && options.maxFirstLaunchMs > 0 &&
        firstMs > options.maxFirstLaunchMs) {
      result.stage = "too-slow";
      result.errors.push_back("the first launch took " +
                              std::to_string(firstMs) +
                              " ms, more than the limit of " +
                              std::to_string(options.maxFirstLaunchMs) + " ms");
      return result;
    }
    result.stage = "correctness";
    ++result.trials;
    for (size_t o = 0; o < outputArgs.size(); ++o) {
      CompareStats stats;
      if (!compareOutput(o, outputs[o], expected[o], kernel.atol, kernel.rtol,
                         stats))
        return result;
      if (stats.unwritten && unwritten.status == "passed") {
        unwritten.status = "failed";
        unwritten.detail = std::to_string(stats.unwritten) +
                           " elements of "
                           "output #" +
                           std::to_string(o) +
                           " still hold the poison value (never written)";
      }
      result.outputs[o].merge(stats);
    }
    if (options.integrity) {
      // Bit-for-bit for every finite value: the inputs hold no NaN.
      for (size_t i = 0; i < inputsBefore.size(); ++i) {
        CompareStats stats;
        if (!session.compare(
                session.inputArgs()[i]->elementType,
                session.inputs()[i].pointer(), inputsBefore[i].pointer(),
                session.inputArgs()[i]->numElements(), 0, 0, stats))
          return result;
        if (stats.mismatches && readOnly.status == "passed") {
          readOnly.status = "failed";
          readOnly.detail =
              "input #" + std::to_string(i) + " changed during the launches";
        }
      }
    }
    if (trial == 0) {
      if (options.integrity &&
          !session.snapshot(outputArgs, outputs, firstOutputs))
        return result;
      if (!options.dumpNpyDirectory.empty()) {
        std::vector<std::vector<char>> inputData, outputData, expectedData;
        if (!session.readInputs(inputData) ||
            !session.readOutputs(candidate, bound, outputData) ||
            !session.readOutputs(reference, baseline, expectedData))
          return result;
        std::string error;
        for (size_t i = 0; i < inputData.size(); ++i)
          if (!writeNpy(options.dumpNpyDirectory + "/input" +
                            std::to_string(i) + ".npy",
                        session.inputArgs()[i]->elementType,
                        session.inputArgs()[i]->shape, inputData[i].data(),
                        inputData[i].size(), error))
            result.errors.push_back(error);
        for (size_t o = 0; o < outputData.size(); ++o) {
          for (auto [prefix, data] : {std::pair{"output", &outputData[o]},
                                      std::pair{"reference", &expectedData[o]}})
            if (!writeNpy(options.dumpNpyDirectory + "/" + prefix +
                              std::to_string(o) + ".npy",
                          outputArgs[o]->elementType, outputArgs[o]->shape,
                          data->data(), data->size(), error))
              result.errors.push_back(error);
        }
      }
    }
  }
  bool correct = true;
  for (size_t o = 0; o < result.outputs.size(); ++o) {
    const CompareStats &stats = result.outputs[o];
    double scale =
        std::max(std::fabs(stats.referenceMin), std::fabs(stats.referenceMax));
    if (stats.referenceMax - stats.referenceMin <=
        kernel.atol + kernel.rtol * scale)
      result.degenerate = true;
    if (!stats.passed()) {
      correct = false;
      result.errors.push_back(
          "output #" + std::to_string(o) + ": " +
          std::to_string(stats.mismatches) + " of " +
          std::to_string(stats.elements) +
          " elements outside the tolerance; first at index " +
          std::to_string(stats.firstFailingIndex) + " (got " +
          std::to_string(stats.firstFailingValue) + ", expected " +
          std::to_string(stats.firstFailingReference) + "); max abs error " +
          std::to_string(stats.maxAbsError) +
          (stats.badReference
               ? "; the reference has " + std::to_string(stats.badReference) +
                     " NaN or infinite values, which only the same value "
                     "matches"
               : std::string()));
    }
  }
  result.checks.push_back(unwritten);
  if (options.integrity)
    result.checks.push_back(readOnly);
  if (!correct)
    return result;

  // The element types of the inputs and outputs: the precision check and
  // the compute ceiling read them.
  std::vector<std::string> inputTypes, outputTypes;
  for (const ManifestArgument *arg : session.inputArgs())
    inputTypes.push_back(arg->elementType);
  for (const ManifestArgument *arg : outputArgs)
    outputTypes.push_back(arg->elementType);

  // Integrity checks beyond correctness.
  result.stage = "integrity";
  bool honest = unwritten.status != "failed";
  if (options.integrity) {
    honest &= readOnly.status != "failed";
    // Determinism: the same inputs again give the same outputs.
    IntegrityCheck determinism{"determinism", "passed", ""};
    if (!session.fillInputs(options.seed) ||
        !session.poisonAll(candidate, bound) ||
        !session.launch(candidate, bound) ||
        !session.synchronize("candidate launch"))
      return result;
    for (size_t o = 0; o < outputs.size(); ++o) {
      CompareStats stats;
      if (!compareOutput(o, outputs[o], firstOutputs[o].pointer(), kernel.atol,
                         kernel.rtol, stats))
        return result;
      if (!stats.passed()) {
        determinism.status = "failed";
        determinism.detail = "output #" + std::to_string(o) +
                             " differs "
                             "between two runs on the same inputs at index " +
                             std::to_string(stats.firstFailingIndex);
      }
    }
    result.checks.push_back(determinism);
    honest &= determinism.status == "passed";
    // Sensitivity: perturbing one input at a time, the candidate follows the
    // reference wherever the reference changes.
    IntegrityCheck sensitivity{"sensitivity", "passed", ""};
    std::vector<std::string> constantIn;
    for (size_t i = 0; i < session.inputs().size(); ++i) {
      if (!session.fillInputs(options.seed) ||
          !session.fillInput(*session.inputArgs()[i],
                             session.inputs()[i].pointer(),
                             options.seed * 7919u + 0xABCDu + uint32_t(i)) ||
          !session.poisonAll(candidate, bound) ||
          !session.poisonAll(reference, baseline) ||
          !runReference("perturbed" + std::to_string(options.seed) + "-" +
                        std::to_string(i)) ||
          !session.launch(candidate, bound) ||
          !session.synchronize("candidate launch"))
        return result;
      int64_t changed = 0;
      for (size_t o = 0; o < outputs.size(); ++o) {
        // Where the reference moved (beyond the tolerance) ...
        CompareStats moved, follows;
        if (!compareOutput(o, expected[o], firstOutputs[o].pointer(),
                           kernel.atol, kernel.rtol, moved) ||
            !compareOutput(o, outputs[o], expected[o], kernel.atol, kernel.rtol,
                           follows))
          return result;
        changed += moved.mismatches;
        // ... the candidate must have moved with it.
        if (!follows.passed() && sensitivity.status == "passed") {
          sensitivity.status = "failed";
          sensitivity.detail = "with input #" + std::to_string(i) +
                               " perturbed, output #" + std::to_string(o) +
                               " no longer matches the reference at index " +
                               std::to_string(follows.firstFailingIndex);
        }
      }
      if (changed == 0)
        constantIn.push_back(std::to_string(i));
    }
    if (sensitivity.status == "passed" && !constantIn.empty()) {
      std::string list;
      for (const std::string &index : constantIn)
        list += (list.empty() ? "#" : ", #") + index;
      sensitivity.detail = "the reference does not depend on input " + list +
                           " (degenerate problem)";
      result.degenerate = true;
    }
    result.checks.push_back(sensitivity);
    honest &= sensitivity.status != "failed";
    IntegrityCheck calls = checkPtxCallsAndGlobals(candidate.ptx);
    result.checks.push_back(calls);
    honest &= calls.status != "failed";
    IntegrityCheck precision = checkPtxPrecision(
        candidate.ptx, candidate.kernel.precision, inputTypes, outputTypes);
    result.checks.push_back(precision);
    honest &= precision.status != "failed";
  }
  if (!honest) {
    result.errors.push_back("an integrity check failed");
    return result;
  }

  // Timing: the baseline before and after the candidate, to see drift.
  result.stage = "timing";
  // The roofline floor: the kernel's FLOPs at the compute ceiling of its
  // precision (FP32, or the tensor cores' measured peak), its bytes at the
  // copy bandwidth.
  result.compute = computeCeiling(ceilings, kernel.precision, inputTypes);
  if (ceilings.copyBytesPerSecond > 0)
    result.floorMs =
        1e3 * std::max(result.compute.flopsPerSecond > 0
                           ? double(kernel.flops) /
                                 result.compute.flopsPerSecond
                           : 0.0,
                       double(kernel.bytes) / ceilings.copyBytesPerSecond);
  if (options.time) {
    int baselineRuns =
        options.baselineRuns > 0 ? options.baselineRuns : options.timedRuns;
    if ((options.timeBaseline &&
         !session.time(reference, baseline, result.baselineStart, options.seed,
                       0, baselineRuns)) ||
        !session.time(candidate, bound, result.candidate, options.seed,
                      options.pruneAboveMs, options.timedRuns) ||
        (options.timeBaseline && !result.candidate.pruned &&
         !session.time(reference, baseline, result.baselineEnd, options.seed, 0,
                       baselineRuns)))
      return result;
    if (options.launchRuns > 0 && !result.candidate.pruned &&
        !session.timeLaunches(candidate, bound, options.seed,
                              options.launchRuns, result.launchMs))
      return result;
    if (options.integrity) {
      IntegrityCheck light{"speed-of-light", "skipped",
                           "no workload or ceilings"};
      if (result.floorMs > 0) {
        bool tooFast = result.candidate.median <
                       options.speedOfLightMargin * result.floorMs;
        light.status = tooFast ? "failed" : "passed";
        light.detail =
            "median " + std::to_string(result.candidate.median) +
            " ms vs roofline floor " + std::to_string(result.floorMs) +
            " ms (compute at the " + result.compute.name +
            (result.compute.flopsPerSecond > 0 ? ")" : ", not measured)");
      }
      result.checks.push_back(light);
      if (light.status == "failed") {
        result.errors.push_back("faster than the roofline floor allows: a "
                                "measurement error or a cheat");
        return result;
      }
    }
  }
  result.stage = "ok";
  result.ok = true;
  return result;
}

std::string foundry::runtime::toJson(const EvaluateResult &result,
                                     const Candidate &candidate,
                                     const EvaluateOptions &options,
                                     const Ceilings &ceilings,
                                     const std::string &deviceName) {
  using Json = nlohmann::ordered_json;
  auto timing = [](const TimingStats &stats) {
    Json json{{"runs", stats.runs},        {"mean_ms", stats.mean},
              {"median_ms", stats.median}, {"min_ms", stats.min},
              {"max_ms", stats.max},       {"stddev_ms", stats.stddev}};
    if (stats.pruned)
      json["pruned"] = true;
    return json;
  };
  Json outputs = Json::array();
  for (const CompareStats &stats : result.outputs)
    outputs.push_back({{"elements", stats.elements},
                       {"mismatches", stats.mismatches},
                       {"unwritten", stats.unwritten},
                       {"non_finite_reference", stats.badReference},
                       {"max_abs_error", stats.maxAbsError},
                       {"max_rel_error", stats.maxRelError},
                       {"first_failing_index", stats.firstFailingIndex},
                       {"reference_min", stats.referenceMin},
                       {"reference_max", stats.referenceMax}});
  Json checks = Json::array();
  for (const IntegrityCheck &check : result.checks)
    checks.push_back({{"name", check.name},
                      {"status", check.status},
                      {"detail", check.detail}});
  Json json = {
      {"version", 1},
      {"candidate", candidate.name},
      {"kernel", candidate.kernel.name},
      {"device", deviceName},
      {"stage", result.stage},
      {"ok", result.ok},
      {"errors", result.errors},
      {"trials", result.trials},
      {"seed", options.seed},
      {"distribution", options.distribution},
      {"tolerance",
       {{"atol", candidate.kernel.atol}, {"rtol", candidate.kernel.rtol}}},
      {"precision", candidate.kernel.precision},
      {"degenerate", result.degenerate},
      {"outputs", outputs},
      {"checks", checks}};
  if (result.candidate.runs) {
    json["timing"] = {{"protocol",
                       {{"warmup", options.warmup},
                        {"runs", options.timedRuns},
                        {"first_discarded", true},
                        {"l2_flush_bytes", options.l2FlushBytes},
                        {"fresh_inputs_per_run", true}}},
                      {"candidate", timing(result.candidate)}};
    if (result.baselineStart.runs)
      json["timing"]["baseline_start"] = timing(result.baselineStart);
    if (result.baselineEnd.runs)
      json["timing"]["baseline_end"] = timing(result.baselineEnd);
    if (!result.launchMs.empty()) {
      Json launches = Json::array();
      for (size_t l = 0;
           l < result.launchMs.size() && l < candidate.kernel.launches.size();
           ++l) {
        const ManifestLaunch &launch = candidate.kernel.launches[l];
        launches.push_back({{"kernel", launch.kernel},
                            {"grid", launch.grid},
                            {"block", launch.block},
                            {"median_ms", result.launchMs[l]}});
      }
      json["timing"]["launches"] = {{"runs", options.launchRuns},
                                    {"per_launch", launches}};
    }
    double seconds = result.candidate.median * 1e-3;
    json["roofline"] = {
        {"flops", candidate.kernel.flops},
        {"bytes", candidate.kernel.bytes},
        {"floor_ms", result.floorMs},
        {"achieved_flops_per_second",
         seconds > 0 ? candidate.kernel.flops / seconds : 0.0},
        {"achieved_bytes_per_second",
         seconds > 0 ? candidate.kernel.bytes / seconds : 0.0},
        {"fraction_of_roofline", result.candidate.median > 0
                                     ? result.floorMs / result.candidate.median
                                     : 0.0},
        {"compute_ceiling", result.compute.name},
        {"compute_flops_per_second", result.compute.flopsPerSecond}};
  }
  if (ceilings.copyBytesPerSecond > 0)
    json["ceilings"] = nlohmann::ordered_json::parse(ceilingsToJson(ceilings));
  return json.dump(2);
}

bool foundry::runtime::writeNpy(const std::string &path,
                                const std::string &elementType,
                                const std::vector<int64_t> &shape,
                                const void *data, size_t bytes,
                                std::string &error) {
  static const std::map<std::string, std::string> descr = {
      {"f32", "<f4"},
      {"f64", "<f8"},
      {"f16", "<f2"},
      {"i32", "<i4"},
      {"i64", "<i8"},
      {"i16", "<i2"},
      {"i8", "|i1"},
      {"i1", "|b1"},
      // numpy has no bfloat16: its raw bits, as uint16.
      {"bf16", "<u2"}};
  auto it = descr.find(elementType);
  if (it == descr.end()) {
    error = path + ": no .npy type for " + elementType;
    return false;
  }
  std::string dims;
  for (int64_t size : shape)
    dims += std::to_string(size) + ",";
  if (shape.size() > 1)
    dims.pop_back();
  std::string header = "{'descr': '" + it->second +
                       "', 'fortran_order': False, 'shape': (" + dims + "), }";
  // Magic (6) + version (2) + length (2) + header + '\n', padded to 64.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::ofstream out(path, std::ios::binary);
  if (!out) {
    error = path + ": cannot open for writing";
    return false;
  }
  uint16_t length = static_cast<uint16_t>(header.size());
  out.write("\x93NUMPY\x01\x00", 8);
  out.put(char(length & 0xFF));
  out.put(char(length >> 8));
  out.write(header.data(), header.size());
  out.write(static_cast<const char *>(data), bytes);
  if (!out) {
    error = path + ": write failed";
    return false;
  }
  return true;
}

bool foundry::runtime::readResultSummary(const std::string &json,
                                         std::string &stage, bool &ok,
                                         double &medianMs) {
  nlohmann::json root =
      nlohmann::json::parse(json, nullptr, /*allow_exceptions=*/false);
  if (root.is_discarded() || !root.is_object() || !root.contains("stage") ||
      !root["stage"].is_string() || !root.contains("ok") ||
      !root["ok"].is_boolean())
    return false;
  stage = root["stage"].get<std::string>();
  ok = root["ok"].get<bool>();
  medianMs = 0;
  if (root.contains("timing") && root["timing"].is_object()) {
    const auto &timing = root["timing"];
    if (timing.contains("candidate") &&
        timing["candidate"].contains("median_ms") &&
        timing["candidate"]["median_ms"].is_number())
      medianMs = timing["candidate"]["median_ms"].get<double>();
  }
  return true;
}

std::string foundry::runtime::ceilingsToJson(const Ceilings &ceilings) {
  nlohmann::ordered_json json = {
      {"copy_bytes_per_second", ceilings.copyBytesPerSecond},
      {"fp32_flops_per_second", ceilings.fp32FlopsPerSecond},
      {"tensor_f16_flops_per_second", ceilings.tensorF16FlopsPerSecond},
      {"tensor_tf32_flops_per_second", ceilings.tensorTf32FlopsPerSecond}};
  return json.dump(2);
}

bool foundry::runtime::ceilingsFromJson(const std::string &json,
                                        Ceilings &ceilings) {
  nlohmann::json root =
      nlohmann::json::parse(json, nullptr, /*allow_exceptions=*/false);
  if (root.is_discarded() || !root.is_object())
    return false;
  for (auto [key, slot] :
       {std::pair{"copy_bytes_per_second", &ceilings.copyBytesPerSecond},
        std::pair{"fp32_flops_per_second", &ceilings.fp32FlopsPerSecond}}) {
    if (!root.contains(key) || !root[key].is_number() ||
        root[key].get<double>() <= 0)
      return false;
    *slot = root[key].get<double>();
  }
  // Optional: files written before the tensor cores were measured lack them.
  for (auto [key, slot] :
       {std::pair{"tensor_f16_flops_per_second",
                  &ceilings.tensorF16FlopsPerSecond},
        std::pair{"tensor_tf32_flops_per_second",
                  &ceilings.tensorTf32FlopsPerSecond}}) {
    if (!root.contains(key))
      continue;
    if (!root[key].is_number() || root[key].get<double>() < 0)
      return false;
    *slot = root[key].get<double>();
  }
  return true;
}

std::string foundry::runtime::failureJson(const std::string &candidate,
                                          const std::string &stage,
                                          const std::string &error) {
  nlohmann::ordered_json json = {{"version", 1},
                                 {"candidate", candidate},
                                 {"stage", stage},
                                 {"ok", false},
                                 {"errors", {error}}};
  return json.dump(2);
}

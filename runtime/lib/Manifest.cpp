//===- Manifest.cpp - Launch manifests of compiled kernels ----------------===//
//
// This file implements parseManifest over nlohmann::json, checking every
// field's presence, type and range: a manifest is read by a process that
// launches GPU code with it, so nothing in it is trusted.
//
//===----------------------------------------------------------------------===//

#include "foundry/Runtime/Manifest.h"

#include <cmath>

#include <nlohmann/json.hpp>

using namespace foundry::runtime;
using Json = nlohmann::json;

int64_t ManifestArgument::elementBytes() const {
  if (elementType == "f64" || elementType == "i64")
    return 8;
  if (elementType == "f32" || elementType == "i32")
    return 4;
  if (elementType == "f16" || elementType == "bf16" || elementType == "i16")
    return 2;
  if (elementType == "i8" || elementType == "i1")
    return 1;
  return 0;
}

int64_t ManifestArgument::numElements() const {
  int64_t count = 1;
  for (int64_t size : shape)
    count *= size;
  return count;
}

namespace {
/// Field readers that record the path of the first problem.
struct Reader {
  std::string &error;

  bool fail(const std::string &path, const std::string &what) {
    if (error.empty())
      error = path + ": " + what;
    return false;
  }
  const Json *field(const Json &object, const char *key,
                    const std::string &path) {
    if (!object.is_object() || !object.contains(key)) {
      fail(path + "." + key, "missing");
      return nullptr;
    }
    return &object[key];
  }
  bool integer(const Json &object, const char *key, const std::string &path,
               int64_t &value, int64_t min, int64_t max) {
    const Json *v = field(object, key, path);
    if (!v)
      return false;
    if (!v->is_number_integer())
      return fail(path + "." + key, "expected an integer");
    value = v->get<int64_t>();
    if (value < min || value > max)
      return fail(path + "." + key,
                  "value " + std::to_string(value) + " out of range [" +
                      std::to_string(min) + ", " + std::to_string(max) + "]");
    return true;
  }
  bool string(const Json &object, const char *key, const std::string &path,
              std::string &value) {
    const Json *v = field(object, key, path);
    if (!v)
      return false;
    if (!v->is_string())
      return fail(path + "." + key, "expected a string");
    value = v->get<std::string>();
    return true;
  }
  bool integers(const Json &object, const char *key, const std::string &path,
                std::vector<int64_t> &values, int64_t min, int64_t max) {
    const Json *v = field(object, key, path);
    if (!v)
      return false;
    if (!v->is_array())
      return fail(path + "." + key, "expected an array");
    values.clear();
    for (const Json &item : *v) {
      if (!item.is_number_integer())
        return fail(path + "." + key, "expected integers");
      int64_t value = item.get<int64_t>();
      if (value < min || value > max)
        return fail(path + "." + key,
                    "value " + std::to_string(value) + " out of range");
      values.push_back(value);
    }
    return true;
  }
  bool number(const Json &object, const char *key, const std::string &path,
              double &value) {
    const Json *v = field(object, key, path);
    if (!v)
      return false;
    if (!v->is_number() || !std::isfinite(v->get<double>()))
      return fail(path + "." + key, "expected a finite number");
    value = v->get<double>();
    return true;
  }
};

/// Reads an input's "init": {"distribution": "uniform", "low", "high"} or
/// {"distribution": "normal", "mean", "std"} (see ManifestArgument).
bool readInit(Reader &read, const Json &node, const std::string &path,
              ManifestArgument &argument) {
  std::string distribution;
  double first = 0, second = 0;
  if (!read.string(node, "distribution", path, distribution))
    return false;
  argument.normal = distribution == "normal";
  if (!argument.normal && distribution != "uniform")
    return read.fail(path + ".distribution",
                     "expected uniform or normal, got '" + distribution + "'");
  if (!read.number(node, argument.normal ? "mean" : "low", path, first) ||
      !read.number(node, argument.normal ? "std" : "high", path, second))
    return false;
  if (second < (argument.normal ? 0.0 : first))
    return read.fail(path, argument.normal ? "std is negative"
                                           : "low is above high");
  argument.hasInit = true;
  argument.shift = first;
  argument.scale = argument.normal ? second : second - first;
  return true;
}

/// Reads the "tensor_map" of argument `a` of `arguments` (role tensor_map):
/// {"buffer", "box", "swizzle"} (see ManifestTensorMap), checked against
/// what cuTensorMapEncodeTiled accepts, so that a bad manifest is reported
/// here rather than by the driver.
bool readTensorMap(Reader &read, const Json &argNode, const std::string &path,
                   std::vector<ManifestArgument> &arguments, size_t a) {
  ManifestArgument &argument = arguments[a];
  ManifestTensorMap &map = argument.tensorMap;
  const Json *node = read.field(argNode, "tensor_map", path);
  if (!node)
    return false;
  std::string mapPath = path + ".tensor_map";
  if (argument.bytes != 128)
    return read.fail(path + ".bytes", "a tensor map takes 128 bytes");
  if (!read.integer(*node, "buffer", mapPath, map.buffer, 0,
                    int64_t(arguments.size()) - 1) ||
      !read.integers(*node, "box", mapPath, map.box, 1, 256) ||
      !read.integer(*node, "swizzle", mapPath, map.swizzle, 0, 128))
    return false;
  const ManifestArgument &mapped = arguments[map.buffer];
  if (mapped.role == ManifestArgument::Role::TensorMap)
    return read.fail(mapPath + ".buffer", "maps another tensor map");
  if (mapped.shape.empty() || mapped.shape.size() > 5 ||
      map.box.size() != mapped.shape.size())
    return read.fail(mapPath + ".box",
                     "expected one entry per dimension of argument #" +
                         std::to_string(map.buffer) + " (1 to 5 of them)");
  if (map.swizzle != 0 && map.swizzle != 32 && map.swizzle != 64 &&
      map.swizzle != 128)
    return read.fail(mapPath + ".swizzle", "expected 0, 32, 64 or 128");
  int64_t innerBytes = map.box[0] * mapped.elementBytes();
  if (innerBytes % 16 != 0 || (map.swizzle && innerBytes > map.swizzle))
    return read.fail(mapPath + ".box",
                     "the innermost box dimension takes " +
                         std::to_string(innerBytes) +
                         " bytes; it must be a multiple of 16 and, with a "
                         "swizzle, at most the swizzle's bytes");
  return true;
}
} // namespace

bool foundry::runtime::parseManifest(const std::string &text,
                                     std::vector<ManifestKernel> &kernels,
                                     std::string &error) {
  error.clear();
  kernels.clear();
  Json root = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (root.is_discarded()) {
    error = "manifest: not valid JSON";
    return false;
  }
  Reader read{error};
  const Json *list = read.field(root, "kernels", "manifest");
  if (!list)
    return false;
  if (!list->is_array())
    return read.fail("manifest.kernels", "expected an array");
  constexpr int64_t kMaxDim = int64_t(1) << 40;
  for (size_t k = 0; k < list->size(); ++k) {
    const Json &node = (*list)[k];
    std::string path = "kernels[" + std::to_string(k) + "]";
    ManifestKernel kernel;
    if (!read.string(node, "name", path, kernel.name))
      return false;
    if (node.contains("precision") && node["precision"].is_string())
      kernel.precision = node["precision"].get<std::string>();
    if (const Json *tolerance = read.field(node, "tolerance", path)) {
      for (auto [key, slot] :
           {std::pair{"atol", &kernel.atol}, std::pair{"rtol", &kernel.rtol}}) {
        const Json *v = read.field(*tolerance, key, path + ".tolerance");
        if (!v)
          return false;
        if (!v->is_number() || v->get<double>() < 0)
          return read.fail(path + ".tolerance." + key,
                           "expected a non-negative number");
        *slot = v->get<double>();
      }
    } else {
      return false;
    }
    if (node.contains("workload")) {
      const Json &workload = node["workload"];
      if (!read.integer(workload, "flops", path + ".workload", kernel.flops, 0,
                        INT64_MAX) ||
          !read.integer(workload, "bytes", path + ".workload", kernel.bytes, 0,
                        INT64_MAX))
        return false;
    }
    const Json *arguments = read.field(node, "arguments", path);
    if (!arguments)
      return false;
    if (!arguments->is_array())
      return read.fail(path + ".arguments", "expected an array");
    for (size_t a = 0; a < arguments->size(); ++a) {
      const Json &argNode = (*arguments)[a];
      std::string argPath = path + ".arguments[" + std::to_string(a) + "]";
      ManifestArgument argument;
      std::string role;
      if (!read.string(argNode, "role", argPath, role) ||
          !read.string(argNode, "element_type", argPath,
                       argument.elementType) ||
          !read.integers(argNode, "shape", argPath, argument.shape, 0,
                         kMaxDim) ||
          !read.integer(argNode, "bytes", argPath, argument.bytes, 0, kMaxDim))
        return false;
      if (role == "input")
        argument.role = ManifestArgument::Role::Input;
      else if (role == "output")
        argument.role = ManifestArgument::Role::Output;
      else if (role == "workspace")
        argument.role = ManifestArgument::Role::Workspace;
      else if (role == "tensor_map")
        argument.role = ManifestArgument::Role::TensorMap;
      else
        return read.fail(argPath + ".role", "unknown role '" + role + "'");
      if (argNode.contains("index") &&
          !read.integer(argNode, "index", argPath, argument.index, 0, 1 << 20))
        return false;
      if (argNode.contains("init") &&
          !readInit(read, argNode["init"], argPath + ".init", argument))
        return false;
      if (argument.elementBytes() == 0)
        return read.fail(argPath + ".element_type",
                         "unsupported element type '" + argument.elementType +
                             "'");
      // The byte count must be what the shape says, or buffers would be
      // allocated smaller than the kernel addresses.
      int64_t elements = 1;
      for (int64_t size : argument.shape) {
        if (size != 0 && elements > kMaxDim / size)
          return read.fail(argPath + ".shape", "too many elements");
        elements *= size;
      }
      if (elements * argument.elementBytes() != argument.bytes)
        return read.fail(
            argPath + ".bytes",
            std::to_string(argument.bytes) + " bytes do not match the shape (" +
                std::to_string(elements * argument.elementBytes()) + ")");
      kernel.arguments.push_back(std::move(argument));
    }
    for (size_t a = 0; a < kernel.arguments.size(); ++a)
      if (kernel.arguments[a].role == ManifestArgument::Role::TensorMap &&
          !readTensorMap(read, (*arguments)[a],
                         path + ".arguments[" + std::to_string(a) + "]",
                         kernel.arguments, a))
        return false;
    const Json *launches = read.field(node, "launches", path);
    if (!launches)
      return false;
    if (!launches->is_array() || launches->empty())
      return read.fail(path + ".launches", "expected a non-empty array");
    for (size_t l = 0; l < launches->size(); ++l) {
      const Json &launchNode = (*launches)[l];
      std::string launchPath = path + ".launches[" + std::to_string(l) + "]";
      ManifestLaunch launch;
      std::vector<int64_t> grid, block;
      int64_t shared = 0;
      if (!read.string(launchNode, "kernel", launchPath, launch.kernel) ||
          !read.integers(launchNode, "grid", launchPath, grid, 1,
                         (int64_t(1) << 31) - 1) ||
          !read.integers(launchNode, "block", launchPath, block, 1, 1024) ||
          !read.integer(launchNode, "dynamic_shared_memory", launchPath, shared,
                        0, 1 << 20) ||
          !read.integers(launchNode, "args", launchPath, launch.args, 0,
                         int64_t(kernel.arguments.size()) - 1))
        return false;
      if (grid.size() != 3 || block.size() != 3)
        return read.fail(launchPath, "grid and block need 3 entries each");
      if (block[0] * block[1] * block[2] > 1024)
        return read.fail(launchPath + ".block", "more than 1024 threads");
      for (int i = 0; i < 3; ++i) {
        launch.grid[i] = static_cast<unsigned>(grid[i]);
        launch.block[i] = static_cast<unsigned>(block[i]);
      }
      launch.dynamicSharedMemory = static_cast<unsigned>(shared);
      if (launchNode.contains("cluster")) {
        std::vector<int64_t> cluster;
        if (!read.integers(launchNode, "cluster", launchPath, cluster, 1, 16))
          return false;
        if (cluster.size() != 3 || cluster[0] * cluster[1] * cluster[2] > 16)
          return read.fail(launchPath + ".cluster",
                           "expected 3 entries, at most 16 blocks in all");
        for (int i = 0; i < 3; ++i) {
          if (grid[i] % cluster[i] != 0)
            return read.fail(launchPath + ".cluster",
                             "does not divide the grid");
          launch.cluster[i] = static_cast<unsigned>(cluster[i]);
        }
      }
      kernel.launches.push_back(std::move(launch));
    }
    kernels.push_back(std::move(kernel));
  }
  if (kernels.empty())
    return read.fail("manifest.kernels", "no kernel");
  return true;
}

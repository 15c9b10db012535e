//===- HtmlReport.cpp - report.html from report.json ----------------------===//
//
// This file implements renderHtmlReport: plain HTML with inline SVG charts
// drawn here (no plotting library, no script), so the page opens anywhere,
// offline.
//
//===----------------------------------------------------------------------===//

#include "HtmlReport.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

using namespace mlir::foundry;
using llvm::json::Array;
using llvm::json::Object;

namespace {
/// Chart geometry (SVG user units).
constexpr double kWidth = 640, kHeight = 300;
constexpr double kLeft = 70, kRight = 20, kTop = 20, kBottom = 45;

/// One series colour per island (more islands reuse them).
constexpr const char *kColours[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728",
                                    "#9467bd", "#8c564b", "#e377c2", "#17becf"};
const char *colour(int64_t index) {
  return kColours[static_cast<size_t>(std::max<int64_t>(index, 0)) %
                  std::size(kColours)];
}

std::string escape(llvm::StringRef text) {
  std::string out;
  for (char c : text) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

/// Compact numbers for tick labels: 1.2e+12 as "1.2e12", 0.25 as "0.25".
std::string number(double value) {
  std::string text;
  llvm::raw_string_ostream(text) << llvm::format("%.3g", value);
  size_t e = text.find("e+");
  if (e != std::string::npos) {
    size_t digits = text.find_first_not_of("+0", e + 1);
    text.erase(e + 1,
               (digits == std::string::npos ? text.size() : digits) - e - 1);
  }
  return text;
}

/// A linear or logarithmic axis from data values to pixels.
struct Axis {
  double lo, hi;
  bool log;
  double pixelLo, pixelHi;

  double operator()(double value) const {
    double a = log ? std::log10(lo) : lo, b = log ? std::log10(hi) : hi;
    double v = log ? std::log10(std::max(value, lo)) : value;
    double t = b > a ? (v - a) / (b - a) : 0.5;
    return pixelLo + t * (pixelHi - pixelLo);
  }
  /// Tick values: the powers of ten inside a log axis, five steps of a
  /// linear one.
  std::vector<double> ticks() const {
    std::vector<double> values;
    if (log) {
      for (double p = std::floor(std::log10(lo)); p <= std::log10(hi) + 1e-9;
           ++p)
        if (double v = std::pow(10.0, p); v >= lo * (1 - 1e-9))
          values.push_back(v);
      return values;
    }
    for (int i = 0; i <= 5; ++i)
      values.push_back(lo + (hi - lo) * i / 5);
    return values;
  }
};

/// Axes with their ticks and titles, opening an <svg>.
std::string openChart(const Axis &x, const Axis &y, llvm::StringRef xTitle,
                      llvm::StringRef yTitle, llvm::StringRef label) {
  std::string svg =
      llvm::formatv("<svg viewBox=\"0 0 {0} {1}\" width=\"{0}\" height=\"{1}\" "
                    "role=\"img\" aria-label=\"{2}\">\n",
                    kWidth, kHeight, escape(label));
  svg += llvm::formatv("<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" "
                       "height=\"{3}\" class=\"frame\"/>\n",
                       kLeft, kTop, kWidth - kLeft - kRight,
                       kHeight - kTop - kBottom);
  for (double v : x.ticks())
    svg += llvm::formatv("<line x1=\"{0}\" x2=\"{0}\" y1=\"{1}\" y2=\"{2}\" "
                         "class=\"grid\"/><text x=\"{0}\" y=\"{3}\" "
                         "class=\"tick\" text-anchor=\"middle\">{4}</text>\n",
                         x(v), kTop, kHeight - kBottom, kHeight - kBottom + 15,
                         number(v));
  for (double v : y.ticks())
    svg += llvm::formatv("<line x1=\"{0}\" x2=\"{1}\" y1=\"{2}\" y2=\"{2}\" "
                         "class=\"grid\"/><text x=\"{3}\" y=\"{4}\" "
                         "class=\"tick\" text-anchor=\"end\">{5}</text>\n",
                         kLeft, kWidth - kRight, y(v), kLeft - 5, y(v) + 4,
                         number(v));
  svg +=
      llvm::formatv("<text x=\"{0}\" y=\"{1}\" class=\"title\" "
                    "text-anchor=\"middle\">{2}</text>\n",
                    (kLeft + kWidth - kRight) / 2, kHeight - 8, escape(xTitle));
  svg += llvm::formatv("<text x=\"14\" y=\"{0}\" class=\"title\" "
                       "text-anchor=\"middle\" transform=\"rotate(-90 14 "
                       "{0})\">{1}</text>\n",
                       (kTop + kHeight - kBottom) / 2, escape(yTitle));
  return svg;
}

Axis xAxis(double lo, double hi, bool log) {
  return {lo, hi, log, kLeft, kWidth - kRight};
}
Axis yAxis(double lo, double hi, bool log) {
  return {lo, hi, log, kHeight - kBottom, kTop};
}

/// A candidate of report.json as the charts read it.
struct Candidate {
  int64_t island = 0;
  double seconds = 0, ms = 0;
  bool passed = false;
  std::string stage, genome;
};

std::vector<Candidate> readCandidates(const Object &kernel) {
  std::vector<Candidate> candidates;
  if (const Array *array = kernel.getArray("candidates"))
    for (const llvm::json::Value &value : *array) {
      const Object *c = value.getAsObject();
      if (!c)
        continue;
      Candidate candidate;
      candidate.island = c->getInteger("island").value_or(0);
      candidate.seconds = c->getNumber("seconds").value_or(0);
      candidate.ms = c->getNumber("median_ms").value_or(0);
      candidate.passed =
          c->getBoolean("ok").value_or(false) && candidate.ms > 0;
      candidate.stage = c->getString("stage").value_or("unknown").str();
      if (c->getBoolean("pruned").value_or(false))
        candidate.stage += " (pruned)";
      candidate.genome = c->getString("genome").value_or("").str();
      candidates.push_back(std::move(candidate));
    }
  return candidates;
}

/// Per island, its best time so far at each improvement, as steps.
std::string bestOverTime(const std::vector<Candidate> &candidates,
                         double totalSeconds) {
  std::map<int64_t, std::vector<std::pair<double, double>>> steps;
  double lo = INFINITY, hi = 0, end = totalSeconds;
  for (const Candidate &c : candidates) {
    end = std::max(end, c.seconds);
    if (!c.passed)
      continue;
    auto &series = steps[c.island];
    if (!series.empty() && series.back().second <= c.ms)
      continue;
    series.push_back({c.seconds, c.ms});
    lo = std::min(lo, c.ms);
    hi = std::max(hi, c.ms);
  }
  if (steps.empty())
    return "<p>No candidate passed: nothing to plot.</p>\n";
  bool log = hi > 10 * lo;
  Axis x = xAxis(0, std::max(end, 1e-3), false);
  Axis y = log ? yAxis(std::pow(10, std::floor(std::log10(lo))),
                       std::pow(10, std::ceil(std::log10(hi))), true)
               : yAxis(0, hi * 1.1, false);
  std::string svg =
      openChart(x, y, "seconds since the start of the search",
                "best ms (lower is better)", "best time per island");
  std::string legend;
  for (auto &[island, series] : steps) {
    std::string path = llvm::formatv("M{0:F1},{1:F1}", x(series[0].first),
                                     y(series[0].second));
    for (size_t i = 1; i < series.size(); ++i)
      path += llvm::formatv(" H{0:F1} V{1:F1}", x(series[i].first),
                            y(series[i].second));
    path += llvm::formatv(" H{0:F1}", x(end));
    svg += llvm::formatv("<path d=\"{0}\" fill=\"none\" stroke=\"{1}\" "
                         "stroke-width=\"2\"/>\n",
                         path, colour(island));
    legend += llvm::formatv("<span class=\"key\" style=\"background:{0}\">"
                            "</span>island {1} ",
                            colour(island), island);
  }
  return svg + "</svg>\n<p class=\"legend\">" + legend + "</p>\n";
}

/// Every passing candidate's achieved FLOP/s at the kernel's arithmetic
/// intensity (FLOPs over its minimum bytes), under the roofline of the
/// measured ceilings; a kernel without FLOPs against the copy ceiling.
std::string roofline(const Object &kernel,
                     const std::vector<Candidate> &candidates) {
  const Object *roof = kernel.getObject("roofline");
  if (!roof)
    return "<p>No measured ceilings (the cpu target, or no candidate ran on "
           "the GPU): no roofline.</p>\n";
  double flops = roof->getNumber("flops").value_or(0);
  double bytes = roof->getNumber("bytes").value_or(0);
  double copy = roof->getNumber("copy_bytes_per_second").value_or(0);
  double peak = roof->getNumber("compute_flops_per_second").value_or(0);
  std::string ceiling = roof->getString("compute_ceiling").value_or("").str();
  std::string bestGenome;
  if (const Object *best = kernel.getObject("best"))
    bestGenome = best->getString("genome").value_or("").str();
  if (bytes <= 0 || copy <= 0 || peak <= 0)
    return "<p>The ceilings or the kernel's bytes are unknown: no "
           "roofline.</p>\n";

  bool byBandwidth = flops <= 0;
  // Achieved rate per passing candidate: FLOP/s, or bytes/s without FLOPs.
  std::vector<std::pair<const Candidate *, double>> points;
  double lowest = INFINITY;
  for (const Candidate &c : candidates)
    if (c.passed) {
      double rate = (byBandwidth ? bytes : flops) / (c.ms * 1e-3);
      points.push_back({&c, rate});
      lowest = std::min(lowest, rate);
    }
  if (points.empty())
    return "<p>No candidate passed: nothing to plot.</p>\n";

  double roofTop = byBandwidth ? copy : peak;
  Axis y = yAxis(
      std::pow(10, std::floor(std::log10(std::min(lowest, roofTop / 1e3)))),
      std::pow(10, std::ceil(std::log10(roofTop * 1.01))), true);
  std::string svg;
  double intensity = byBandwidth ? 0 : flops / bytes;
  if (byBandwidth) {
    // One column of points under the copy ceiling.
    Axis x = xAxis(0, double(points.size() + 1), false);
    svg = openChart(x, y, "passing candidates, in evaluation order",
                    "achieved bytes/s (the kernel's minimum bytes)",
                    "achieved bandwidth against the copy ceiling");
    svg += llvm::formatv("<line x1=\"{0}\" x2=\"{1}\" y1=\"{2:F1}\" "
                         "y2=\"{2:F1}\" class=\"roof\"/>\n",
                         kLeft, kWidth - kRight, y(copy));
    for (auto [i, point] : llvm::enumerate(points))
      svg += llvm::formatv(
          "<circle cx=\"{0:F1}\" cy=\"{1:F1}\" r=\"{2}\" fill=\"{3}\">"
          "<title>{4}</title></circle>\n",
          x(double(i + 1)), y(point.second),
          point.first->genome == bestGenome ? 6 : 3,
          colour(point.first->island),
          escape(point.first->genome.empty() ? "naive" : point.first->genome));
  } else {
    double ridge = peak / copy;
    double xLo =
        std::pow(10, std::floor(std::log10(std::min(intensity, ridge) / 10)));
    double xHi =
        std::pow(10, std::ceil(std::log10(std::max(intensity, ridge) * 10)));
    Axis x = xAxis(xLo, xHi, true);
    svg = openChart(x, y, "arithmetic intensity (FLOP per minimum byte)",
                    "achieved FLOP/s", "roofline");
    svg += llvm::formatv(
        "<path d=\"M{0:F1},{1:F1} L{2:F1},{3:F1} L{4:F1},{3:F1}\" "
        "class=\"roof\" fill=\"none\"/>\n",
        x(xLo), y(std::max(copy * xLo, y.lo)), x(ridge), y(peak), x(xHi));
    for (const auto &point : points)
      svg += llvm::formatv(
          "<circle cx=\"{0:F1}\" cy=\"{1:F1}\" r=\"{2}\" fill=\"{3}\" "
          "fill-opacity=\"0.6\"><title>{4}</title></circle>\n",
          x(intensity), y(point.second),
          point.first->genome == bestGenome ? 6 : 3,
          colour(point.first->island),
          escape(point.first->genome.empty() ? "naive" : point.first->genome));
  }
  svg += "</svg>\n";
  return svg + llvm::formatv(
                   "<p class=\"legend\">Ceilings measured by the runner: "
                   "copy {0} B/s, {1} {2} FLOP/s. {3} The best is the larger "
                   "dot; hover a dot for its schedule.</p>\n",
                   number(copy), escape(ceiling), number(peak),
                   byBandwidth ? "The kernel has no FLOPs: its ceiling is "
                                 "the copy bandwidth."
                               : llvm::formatv("Intensity {0}: FLOPs {1}, "
                                               "minimum bytes {2}.",
                                               number(intensity), number(flops),
                                               number(bytes))
                                     .str())
                   .str();
}

/// How many candidates stopped at each stage, as bars.
std::string stages(const std::vector<Candidate> &candidates) {
  std::map<std::string, int> counts;
  for (const Candidate &c : candidates)
    ++counts[c.stage];
  if (counts.empty())
    return "<p>No candidates.</p>\n";
  int most = 0;
  for (auto &[stage, count] : counts)
    most = std::max(most, count);
  double rowHeight = 22, height = rowHeight * counts.size() + 10;
  std::string svg =
      llvm::formatv("<svg viewBox=\"0 0 {0} {1}\" width=\"{0}\" height=\"{1}\" "
                    "role=\"img\" aria-label=\"stages\">\n",
                    kWidth, height);
  double row = 5;
  for (auto &[stage, count] : counts) {
    double width = (kWidth - 260) * count / most;
    svg += llvm::formatv(
        "<text x=\"175\" y=\"{0:F1}\" class=\"tick\" text-anchor=\"end\">"
        "{1}</text><rect x=\"180\" y=\"{2:F1}\" width=\"{3:F1}\" "
        "height=\"16\" class=\"{4}\"/><text x=\"{5:F1}\" y=\"{0:F1}\" "
        "class=\"tick\">{6}</text>\n",
        row + 13, escape(stage), row, std::max(width, 1.0),
        llvm::StringRef(stage).starts_with("done") ||
                llvm::StringRef(stage).starts_with("ok")
            ? "bar ok"
            : "bar",
        184 + width, count);
    row += rowHeight;
  }
  return svg + "</svg>\n";
}

std::string kernelSection(const Object &kernel) {
  std::string name = kernel.getString("kernel").value_or("?").str();
  std::vector<Candidate> candidates = readCandidates(kernel);
  std::string html = "<section>\n<h2>@" + escape(name) + "</h2>\n";
  double naive = kernel.getNumber("naive_ms").value_or(0);
  html += "<p>" +
          escape(kernel.getString("structural_class").value_or("").str()) +
          ". Stopped: " +
          escape(kernel.getString("stop_reason").value_or("").str()) +
          llvm::formatv(" after {0} candidates, {1} generations, {2:F1} s. "
                        "Naive schedule: {3}.</p>\n",
                        candidates.size(),
                        kernel.getInteger("generations").value_or(0),
                        kernel.getNumber("seconds").value_or(0),
                        naive > 0 ? llvm::formatv("{0:F4} ms", naive).str()
                                  : std::string("not timed"))
              .str();

  html += "<h3>The winning schedule</h3>\n";
  if (const Object *best = kernel.getObject("best")) {
    std::string genome = best->getString("genome").value_or("").str();
    double fraction = best->getNumber("fraction_of_roofline").value_or(0);
    html += llvm::formatv(
        "<p class=\"headline\">{0:F4} ms, {1:F2}x the naive schedule{2}"
        "{3}.</p>\n<pre>{4}</pre>\n",
        best->getNumber("median_ms").value_or(0),
        best->getNumber("speedup").value_or(0),
        fraction >= 0.01
            ? llvm::formatv(", {0:P0} of the roofline", fraction).str()
        : fraction > 0 ? std::string(", under 1% of the roofline")
                       : std::string(),
        best->getBoolean("verified").value_or(false)
            ? ", verified again with the final protocol"
            : "",
        escape(genome.empty() ? "naive (no schedule)" : genome));
    std::string bottleneck = best->getString("bottleneck").value_or("").str();
    std::string hint = best->getString("hint").value_or("").str();
    if (!bottleneck.empty() || !hint.empty())
      html += "<p>Diagnosis: " +
              escape(bottleneck.empty() ? hint : bottleneck + ": " + hint) +
              ".</p>\n";
  } else {
    html += "<p>No verified best.</p>\n";
  }

  html += "<h3>Best time over wall time, per island</h3>\n" +
          bestOverTime(candidates, kernel.getNumber("seconds").value_or(0));
  html += "<h3>Every candidate on the roofline</h3>\n" +
          roofline(kernel, candidates);
  html += "<h3>Where candidates stopped</h3>\n" + stages(candidates);
  return html + "</section>\n";
}
} // namespace

std::string mlir::foundry::renderHtmlReport(const Object &report) {
  std::string input = report.getString("input").value_or("").str();
  std::string html =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<title>foundry-evolve: " +
      escape(input) +
      "</title>\n<style>\n"
      "body{font-family:sans-serif;max-width:760px;margin:2em auto;"
      "color:#222}\n"
      "pre{background:#f4f4f4;padding:.6em;white-space:pre-wrap;"
      "word-break:break-all}\n"
      "svg{display:block;margin:.5em 0}\n"
      ".frame{fill:none;stroke:#888}\n.grid{stroke:#e4e4e4}\n"
      ".tick{font-size:11px;fill:#444}\n.title{font-size:12px;fill:#222}\n"
      ".roof{stroke:#000;stroke-width:2;stroke-dasharray:6 3}\n"
      ".bar{fill:#bbb}\n.bar.ok{fill:#2ca02c}\n"
      ".legend{font-size:12px}\n.headline{font-size:1.2em}\n"
      ".key{display:inline-block;width:10px;height:10px;margin:0 4px}\n"
      "</style>\n</head>\n<body>\n<h1>foundry-evolve report</h1>\n<p>" +
      escape(input) +
      llvm::formatv(", seed {0}. Every time is of a candidate that passed "
                    "the correctness checks; report.json has every figure "
                    "behind the charts.</p>\n",
                    report.getInteger("seed").value_or(0))
          .str();
  if (const Array *kernels = report.getArray("kernels"))
    for (const llvm::json::Value &kernel : *kernels)
      if (const Object *object = kernel.getAsObject())
        html += kernelSection(*object);
  return html + "</body>\n</html>\n";
}

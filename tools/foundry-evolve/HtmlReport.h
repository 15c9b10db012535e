//===- HtmlReport.h - report.html from report.json ---------------*- C++
//-*-===//
//
// foundry-evolve's report as one self-contained HTML page (inline SVG and
// CSS, no script, nothing fetched): per kernel, the best time over wall time
// per island, every candidate on the roofline of the measured ceilings, the
// stages candidates stopped at, and the winning schedule with its
// diagnosis. A function of report.json alone.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_EVOLVE_TOOL_HTMLREPORT_H
#define FOUNDRY_EVOLVE_TOOL_HTMLREPORT_H

#include "llvm/Support/JSON.h"

#include <string>

namespace mlir::foundry {

/// The HTML page of `report` (report.json's object: version, input,
/// kernels).
std::string renderHtmlReport(const llvm::json::Object &report);

} // namespace mlir::foundry

#endif // FOUNDRY_EVOLVE_TOOL_HTMLREPORT_H

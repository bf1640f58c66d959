#include "cli/StatsCommand.h"

#include <chrono>
#include <cstdio>

#include "cli/JsonObject.h"
#include "cli/MapLoading.h"
#include "cli/ToolPlanner.h"
#include "io/MovingAIScenario.h"

namespace hpastar::cli {

int runStatsCommand(int argc, char** argv) {
  CommandLine cmd(argc, argv, nativeCommand("stats"), plannerSwitches());
  if (cmd.positional().size() != 1) throw UsageError("stats needs exactly one FILE.map");
  const std::string algo = cmd.text("algo");
  cmd.rejectUnknown(plannerOptions(algo));
  const std::string mapPath = cmd.positional()[0];
  const Grid grid = loadMapFile(mapPath);
  const auto t = std::chrono::steady_clock::now();
  auto planner = makeToolPlanner(algo, grid, cmd);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
  JsonObject o;
  o.add("algo", algo)
      .add("map", std::string(baseName(mapPath)))
      .add("width", grid.width())
      .add("height", grid.height())
      .add("total_build_ms", ms);
  if (!planner->optionsJson().empty()) o.raw("options", planner->optionsJson());
  if (!planner->optionChoiceText().empty()) o.add("option_choice", planner->optionChoiceText());
  std::string text = o.str();
  const std::string extra = planner->buildStatsJson();
  if (!extra.empty()) text = text.substr(0, text.size() - 1) + "," + extra + "}";
  std::printf("%s\n", text.c_str());
  return 0;
}

}  // namespace hpastar::cli

#ifndef LAYOUTBENCH_CLIBYAML_SHIM_H
#define LAYOUTBENCH_CLIBYAML_SHIM_H
// The system's libyaml (Debian libyaml-dev, pkg-config yaml-0.1): LayoutSpec reads YAML from its event API.
#include <yaml.h>
#endif

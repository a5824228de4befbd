#ifndef LAYOUTBENCH_CLIBPQ_SHIM_H
#define LAYOUTBENCH_CLIBPQ_SHIM_H
// The system's libpq (Debian libpq-dev, pkg-config libpq): PostgreSQL's own client library, for the team
// store (LayoutStorePostgres, the Postgres trait only).
#include <libpq-fe.h>
#endif

// Callgrind's client requests as plain functions Swift can call (the macros of <valgrind/callgrind.h> are
// inline assembly, which Swift does not import). Outside valgrind every function is a no-op costing a few
// instructions. Built without valgrind's headers, lb_callgrind_compiled_in() returns 0 and all are no-ops.
#ifndef LAYOUTBENCH_CCALLGRIND_H
#define LAYOUTBENCH_CCALLGRIND_H

int lb_callgrind_compiled_in(void);
int lb_running_on_valgrind(void);
void lb_callgrind_start_instrumentation(void);
void lb_callgrind_stop_instrumentation(void);
void lb_callgrind_toggle_collect(void);
void lb_callgrind_zero_stats(void);
void lb_callgrind_dump_stats_at(const char *reason);

#endif

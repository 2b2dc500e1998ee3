import 'fake-indexeddb/auto';
import { use } from '../core/pipeline-core';
import { pipelineCore } from '../core/report-port';

// In the widget, `report-port.ts` hands the core to the report pipeline when it loads it; tests import the pipeline's
// modules (`report.ts`, `outbox.ts`, the log readers) directly, so they get the same core handed over here.
use(pipelineCore());

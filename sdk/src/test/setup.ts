import 'fake-indexeddb/auto';
import { use as useInCapture } from '../capture/core';
import { captureCore } from '../core/capture-port';
import { use } from '../core/pipeline-core';
import { pipelineCore } from '../core/report-port';

// In the widget, `report-port.ts` and `capture-port.ts` hand the core to the report pipeline and to the capture chunks
// when they load them; tests import those modules directly, so they get the same core handed over here.
use(pipelineCore());
useInCapture(captureCore());

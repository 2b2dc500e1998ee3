// A CommonJS TypeScript app on Node10 resolution (`main`/`types`), without esModuleInterop: the import lines that
// worked with gleap's types keep working.
import Gleap from '@voltline/widget';
import { Gleap as Named, type Priority } from '@voltline/widget';

const priority: Priority = 'LOW';
Gleap.initialize('YOUR_SDK_KEY');
Named.sendSilentCrashReport('crash', priority);

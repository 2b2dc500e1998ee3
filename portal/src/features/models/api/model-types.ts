import type { components } from '@/domain/api-schema';

type Schemas = components['schemas'];

export type Model = Schemas['Model'];
export type ModelKind = Schemas['DeviceKind'];
export type ModelPatch = Schemas['ModelPatch'];
export type ModelInput = Schemas['ModelInput'];
export type ModelCommand = Schemas['ModelCommand'];
export type ModelFault = Schemas['ModelFault'];
export type TelemetryKey = Schemas['TelemetryKey'];
export type MasterState = Schemas['MasterState'];
export type ModelConfiguration = Schemas['ModelConfiguration'];
export type BmsSpec = Schemas['BmsSpec'];
export type McuSpec = Schemas['McuSpec'];

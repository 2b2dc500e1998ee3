/** Device kinds a firmware release is for, as the releases and rollouts lists and their forms name them. */
export const DEVICE_TYPE_LABELS = { BMS: 'BMS', MCU: 'MCU', VCU: 'VCU', LOGGER: 'Logger' } as const;

/** A release version: semantic versioning, with an optional pre-release part. */
export const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z.-]+))?$/;

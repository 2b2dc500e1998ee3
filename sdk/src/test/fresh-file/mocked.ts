export const real = true;

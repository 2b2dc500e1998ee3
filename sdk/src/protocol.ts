// Entry point of `@voltline/widget/protocol`.
export * from './protocol/messages';

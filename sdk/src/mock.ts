// Entry of `@voltline/widget/mock`: stateful MSW handlers for the Widget API and its WebSocket.
export { createWidgetMock, type WidgetMock, type WidgetMockOptions } from './mock/widget-handlers';
export {
  createWidgetMockStore,
  failNext,
  newSession,
  resetWidgetMockStore,
  type MockAction,
  type MockFailure,
  type MockTour,
  type MockSession,
  type RecordedCall,
  type WidgetMockStore,
} from './mock/widget-store';
export type {
  MessengerContent,
  MockBot,
  MockBotMessage,
  MockBotRun,
  MockBotStep,
  MockAttachment,
  MockFeatureRequest,
  MockChecklist,
  MockChecklistStep,
  MockForm,
  MockFormField,
  MockConversation,
  MockHelpArticle,
  MockHelpCollection,
  MockMessage,
  MockNewsArticle,
} from './mock/messenger-content';
export { seedMessengerContent } from './mock/messenger-content';
export { DEMO_ENGAGEMENT } from './mock/engagement-demo';

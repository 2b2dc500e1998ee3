import type { Page } from '@playwright/test';

/** Every selector the widget browser tests use, in one place. */
export const selectors = {
  launcher: (page: Page) => page.getByRole('button', { name: /^Open / }),
  frame: (page: Page) => page.frameLocator('iframe[title="Feedback and support"]'),
  /** Engagement surfaces (issue 23). */
  notifications: (page: Page) => page.getByRole('region', { name: 'Notifications' }),
  closeNotifications: (page: Page) => page.getByRole('button', { name: 'Close notifications' }),
  banner: (page: Page) => page.frameLocator('iframe[title="Banner"]'),
  hotspot: (page: Page, name: string) => page.getByRole('button', { name }),
  tooltip: (page: Page) => page.getByRole('tooltip'),
  /** The admin builder (issue 23 item 6): its frame and the handle that collapses it. */
  builderFrame: (page: Page, title = 'Product tour builder') => page.locator(`iframe[title="${title}"]`),
  builderHandle: (page: Page) => page.getByRole('button', { name: /^(Hide|Show) the builder$/ }),
  /** The bug form the widget shows in its shadow root when the messenger frame cannot load (issue 17 item 6). */
  offlineForm: (page: Page) => page.getByRole('dialog', { name: 'Report a bug' }),
  /** The capture editor's toolbar and its recording preview. */
  captureTools: (page: Page) => page.getByRole('toolbar', { name: 'Capture tools' }),
  recordingPreview: (page: Page) => page.getByRole('dialog', { name: 'Your screen recording' }),
};

/** The messenger's UI contract (issue 3): home buttons, form fields, success and failure states. */
export const messenger = {
  reportBug: 'Report a bug',
  sendFeedback: 'Send feedback',
  description: 'Description',
  email: 'E-mail',
  send: 'Send',
  thanks: 'Thank you!',
};

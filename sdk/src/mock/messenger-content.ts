/**
 * What the messenger's screens read from the Widget API mock (shapes of `sdk/api/widget-api.yaml`): help center, news
 * and conversations, seeded so that demo mode has something to show on every screen.
 */
export interface MockHelpCollection {
  id: string;
  title: string;
  description?: string;
}

export interface MockHelpArticle {
  id: string;
  collectionId: string;
  title: string;
  description?: string;
  /** HTML; the messenger sanitises it. */
  content: string;
  updatedAt: string;
}

export interface MockSender {
  name: string;
  profileImageUrl?: string;
}

export interface MockNewsArticle {
  id: string;
  title: string;
  previewText?: string;
  coverImageUrl?: string;
  createdAt: string;
  sender?: MockSender;
  content: string;
}

export interface MockAttachment {
  name: string;
  url: string;
  type?: string;
}

export interface MockMessage {
  id: string;
  author: { type: 'contact' | 'agent' | 'bot'; name: string; profileImageUrl?: string };
  text: string;
  createdAt: string;
  attachments?: MockAttachment[];
}

export interface MockConversation {
  shareToken: string;
  title: string;
  messages: MockMessage[];
  /** Messages the visitor has not seen yet; `POST /conversations/{token}/read` sets it to 0. */
  unreadCount: number;
  /** The `Gleap-Id` that started it; seeded conversations (no owner) are visible to every session. */
  owner?: string;
}

export interface MockFormField {
  key: string;
  type:
    | 'text'
    | 'textarea'
    | 'email'
    | 'dropdown'
    | 'checkbox'
    | 'rating'
    | 'nps'
    | 'single_choice'
    | 'multiple_choice'
    | 'capture';
  label: string;
  description?: string;
  required?: boolean;
  placeholder?: string;
  options?: string[];
  ratingStyle?: 'stars' | 'emoji';
}

export interface MockForm {
  id: string;
  title: string;
  description?: string;
  kind: 'form' | 'survey';
  feedbackType: string;
  fields: MockFormField[];
}

export interface MockChecklistStep {
  id: string;
  title: string;
  description?: string;
  done: boolean;
  action?: { type: 'url' | 'custom_action' | 'article' | 'tour'; value: string; label?: string };
}

export interface MockChecklist {
  id: string;
  outboundId: string;
  title: string;
  description?: string;
  steps: MockChecklistStep[];
  /** The `Gleap-Id` that started it; seeded checklists (no owner) are visible to every session. */
  owner?: string;
}

export interface MockFeatureRequest {
  id: string;
  title: string;
  description?: string;
  status: 'open' | 'planned' | 'in_progress' | 'done';
  /** `Gleap-Id`s that voted: one vote per contact. */
  voters: string[];
}

/** One step of a bot's script. Steps that ask (buttons, question) wait for the visitor; the others run on. */
export type MockBotStep =
  | { type: 'message'; text: string; next: string }
  | { type: 'buttons'; text: string; options: { id: string; label: string; next: string }[] }
  | {
      type: 'question';
      text: string;
      /** The key of the answer in the ticket's form data. */
      key: string;
      input: 'text' | 'email';
      placeholder?: string;
      next: string;
    }
  /** Ends the run with a ticket made of the answers (and a conversation that follows it up). */
  | { type: 'ticket'; text: string; feedbackType: string }
  /** Ends the run in a conversation with a person, carrying the transcript. */
  | { type: 'handoff'; text: string; agent: string }
  | { type: 'end'; text: string };

export interface MockBot {
  id: string;
  name: string;
  start: string;
  steps: Record<string, MockBotStep>;
}

export interface MockBotMessage {
  id: string;
  author: 'bot' | 'contact';
  text: string;
  createdAt: string;
}

/** A running (or finished) bot conversation of one session. */
export interface MockBotRun {
  id: string;
  botId: string;
  /** The `Gleap-Id` that started it. */
  owner?: string;
  messages: MockBotMessage[];
  /** The step waiting for an answer; absent once the run has ended. */
  waitingOn?: string;
  answers: Record<string, string>;
  outcome?: { type: 'ticket' | 'conversation' | 'end'; shareToken?: string; ticketId?: string };
}

export interface MessengerContent {
  /** Bot scripts by id (`start-bot`). */
  bots: MockBot[];
  botRuns: MockBotRun[];
  featureRequests: MockFeatureRequest[];
  /** Checklist definitions by outbound id; `POST /checklists` starts a copy for the session. */
  checklistTemplates: Omit<MockChecklist, 'id' | 'owner'>[];
  /** Started checklists. */
  checklists: MockChecklist[];
  /** Forms by id and surveys by outbound id (`GET /forms/{id}`). */
  forms: MockForm[];
  helpCollections: MockHelpCollection[];
  helpArticles: MockHelpArticle[];
  news: MockNewsArticle[];
  conversations: MockConversation[];
}

/** The demo content: a fresh copy on every call, so a test can change it freely. */
export function seedMessengerContent(): MessengerContent {
  const onboarding: Omit<MockChecklist, 'id' | 'owner'> = {
    outboundId: 'onboarding',
    title: 'Set up your fleet',
    description: 'Five steps to your first live vehicle.',
    steps: [
      { id: 's-account', title: 'Create your account', done: true },
      {
        id: 's-pair',
        title: 'Pair a battery',
        description: 'Connect the BMS to the vehicle controller.',
        done: false,
        action: { type: 'article', value: 'a-pair', label: 'Read how' },
      },
      {
        id: 's-map',
        title: 'Open the live map',
        done: false,
        action: { type: 'url', value: 'https://app.example/map', label: 'Open the map' },
      },
      {
        id: 's-tour',
        title: 'Take the dashboard tour',
        description: 'Two minutes, right on the page.',
        done: false,
        action: { type: 'tour', value: 'demo-tour', label: 'Start the tour' },
      },
      {
        id: 's-alerts',
        title: 'Turn on alerts',
        done: false,
        action: { type: 'custom_action', value: 'openAlertSettings', label: 'Alert settings' },
      },
    ],
  };
  return {
    bots: [
      {
        id: 'support-bot',
        name: 'Volt',
        start: 'hello',
        steps: {
          hello: { type: 'message', text: "Hi! I'm Volt, the Voltline assistant.", next: 'topic' },
          topic: {
            type: 'buttons',
            text: 'What can I do for you?',
            options: [
              { id: 'problem', label: 'Report a problem', next: 'describe' },
              { id: 'person', label: 'Talk to a person', next: 'handoff' },
              { id: 'browse', label: 'Just looking around', next: 'bye' },
            ],
          },
          describe: {
            type: 'question',
            text: 'What went wrong? A sentence or two is enough.',
            key: 'description',
            input: 'text',
            placeholder: 'The live map does not load…',
            next: 'email',
          },
          email: {
            type: 'question',
            text: 'Which e-mail address should we answer to?',
            key: 'reportedBy',
            input: 'email',
            placeholder: 'you@example.com',
            next: 'ticket',
          },
          ticket: {
            type: 'ticket',
            text: 'Thanks! I created a ticket for the team. They answer by e-mail and here under Messages.',
            feedbackType: 'BUG',
          },
          handoff: { type: 'handoff', text: 'I am bringing in someone from the team.', agent: 'Maya' },
          bye: { type: 'end', text: 'Enjoy Voltline! Start me again whenever you need help.' },
        },
      },
    ],
    botRuns: [],
    featureRequests: [
      { id: 'fr-export', title: 'Export trips as CSV', status: 'planned', voters: ['v1', 'v2', 'v3'] },
      {
        id: 'fr-dark',
        title: 'Dark mode for the driver app',
        description: 'Easier on the eyes at night.',
        status: 'done',
        voters: ['v1', 'v2'],
      },
      { id: 'fr-sms', title: 'Alerts by SMS', status: 'open', voters: ['v4'] },
    ],
    checklistTemplates: [
      onboarding,
      {
        outboundId: 'billing-setup',
        title: 'Set up billing',
        steps: [{ id: 's-card', title: 'Add a payment method', done: false }],
      },
    ],
    checklists: [{ id: 'cl-onboarding', ...structuredClone(onboarding) }],
    forms: [
      {
        id: 'nps-survey',
        title: 'How are we doing?',
        kind: 'survey',
        feedbackType: 'SURVEY',
        fields: [
          {
            key: 'nps',
            type: 'nps',
            label: 'How likely are you to recommend Voltline to a colleague?',
            required: true,
          },
          {
            key: 'stars',
            type: 'rating',
            label: 'How do you rate the live map?',
            ratingStyle: 'stars',
            required: true,
          },
          { key: 'mood', type: 'rating', label: 'How do you feel about alerts?', ratingStyle: 'emoji' },
          {
            key: 'role',
            type: 'single_choice',
            label: 'What is your role?',
            options: ['Fleet manager', 'Driver', 'Technician'],
            required: true,
          },
          {
            key: 'features',
            type: 'multiple_choice',
            label: 'Which features do you use?',
            options: ['Live map', 'Battery health', 'Reports'],
          },
          { key: 'oneWord', type: 'text', label: 'Voltline in one word?' },
          { key: 'comment', type: 'textarea', label: 'Anything else?' },
        ],
      },
      {
        id: 'contact-form',
        title: 'Contact sales',
        description: 'We answer within one working day.',
        kind: 'form',
        feedbackType: 'FEEDBACK',
        fields: [
          { key: 'name', type: 'text', label: 'Name', required: true },
          { key: 'reportedBy', type: 'email', label: 'E-mail', required: true },
          { key: 'fleetSize', type: 'dropdown', label: 'Fleet size', options: ['1-10', '11-100', 'More than 100'] },
          { key: 'description', type: 'textarea', label: 'Message', required: true },
          { key: 'rating', type: 'rating', label: 'How was your trial?', ratingStyle: 'stars' },
          { key: 'capture', type: 'capture', label: 'Attach' },
          { key: 'consent', type: 'checkbox', label: 'You may contact me by e-mail', required: true },
        ],
      },
    ],
    helpCollections: [
      { id: 'c-start', title: 'Getting started', description: 'Set up your first vehicle' },
      { id: 'c-billing', title: 'Billing' },
      { id: 'c-empty', title: 'Coming soon' },
    ],
    helpArticles: [
      {
        id: 'a-pair',
        collectionId: 'c-start',
        title: 'Pair a battery with a vehicle',
        description: 'Connect the BMS to the vehicle controller',
        // The script and the inline handler stay in the seed on purpose: the messenger must strip them.
        content:
          '<h2>Before you start</h2><p>Open <b>Devices</b> and choose <a href="https://docs.example/pair">Pair</a>.</p>' +
          '<img src="https://cdn.example/pair.png" alt="The pair dialog">' +
          '<ol><li>Scan the code on the battery.</li><li>Confirm the vehicle.</li></ol>' +
          '<script>window.hacked = true</script><p onclick="alert(1)">Done.</p>',
        updatedAt: '2026-11-01T10:00:00.000Z',
      },
      {
        id: 'a-firmware',
        collectionId: 'c-start',
        title: 'Update battery firmware',
        description: 'Over the air updates',
        content: '<p>Firmware updates run at night.</p><blockquote>Keep the vehicle parked.</blockquote>',
        updatedAt: '2026-10-01T10:00:00.000Z',
      },
      {
        id: 'a-invoice',
        collectionId: 'c-billing',
        title: 'Download an invoice',
        content: '<p>Invoices are under <em>Billing</em>.</p>',
        updatedAt: '2026-09-01T10:00:00.000Z',
      },
    ],
    news: [
      {
        id: 'n-2',
        title: 'Live map for 10,000 vehicles',
        previewText: 'The map now clusters.',
        coverImageUrl: 'https://cdn.example/live-map.png',
        createdAt: '2026-11-20T09:00:00.000Z',
        sender: { name: 'Maya' },
        content:
          '<p>The live map clusters vehicles.</p><img src="https://cdn.example/live-map.png" alt="The live map">',
      },
      {
        id: 'n-1',
        title: 'Dark mode',
        createdAt: '2026-10-02T09:00:00.000Z',
        content: '<p>Dark mode is here.</p>',
      },
    ],
    conversations: [
      {
        shareToken: 't-old',
        title: 'Invoice question',
        unreadCount: 0,
        messages: [
          {
            id: 'm1',
            author: { type: 'contact', name: 'Ana' },
            text: 'Where is my invoice?',
            createdAt: '2026-11-01T08:00:00.000Z',
          },
          {
            id: 'm2',
            author: { type: 'agent', name: 'Maya' },
            text: 'Under Billing.',
            createdAt: '2026-11-01T09:00:00.000Z',
          },
        ],
      },
      {
        shareToken: 't-new',
        title: 'Battery alarm',
        unreadCount: 1,
        messages: [
          {
            id: 'm3',
            author: { type: 'bot', name: 'Volt' },
            text: 'Hi! What can I do for you?',
            createdAt: '2026-10-01T08:00:00.000Z',
          },
        ],
      },
    ],
  };
}

import { http, HttpResponse, type RequestHandler } from 'msw';
import type { MockBot, MockBotMessage, MockBotRun, MockConversation, MockMessage } from './messenger-content';
import type { WidgetMockStore } from './widget-store';

/** Records the call, answers scripted failures and refuses calls without Api-Token (see messenger-handlers). */
export type Guard = (request: Request, path: string) => Promise<{ body: unknown; stop?: Response }>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A script that loops on itself without asking anything must not hang the mock. */
const MAX_STEPS_PER_TURN = 50;

const error = (message: string, status: number) => HttpResponse.json({ message }, { status });

let runCounter = 0;
let botMessageCounter = 0;

function say(run: MockBotRun, author: MockBotMessage['author'], text: string): void {
  botMessageCounter += 1;
  run.messages.push({ id: `bm-${botMessageCounter}`, author, text, createdAt: new Date().toISOString() });
}

/** The transcript as conversation messages, so the team sees what the visitor told the bot. */
function transcript(run: MockBotRun, bot: MockBot): MockMessage[] {
  return run.messages.map((m) => ({
    id: m.id,
    author: m.author === 'bot' ? { type: 'bot', name: bot.name } : { type: 'contact', name: 'You' },
    text: m.text,
    createdAt: m.createdAt,
  }));
}

/**
 * Run the script from `stepId` until it needs the visitor (buttons, question) or ends (ticket, handoff, end).
 * Endings write to the store: a ticket is a report plus its follow-up conversation; a handoff is a conversation
 * with a person.
 */
function advance(store: WidgetMockStore, bot: MockBot, run: MockBotRun, stepId: string): void {
  let id: string | undefined = stepId;
  for (let guard = 0; id && guard < MAX_STEPS_PER_TURN; guard += 1) {
    const step: MockBot['steps'][string] | undefined = bot.steps[id];
    if (!step) break;
    say(run, 'bot', step.text);
    switch (step.type) {
      case 'message':
        id = step.next;
        continue;
      case 'buttons':
      case 'question':
        run.waitingOn = id;
        return;
      case 'ticket': {
        const report = {
          id: `report-${store.reports.length + 1}`,
          type: step.feedbackType,
          priority: 'MEDIUM',
          formData: { ...run.answers },
          customData: { botId: bot.id, botRunId: run.id },
        };
        store.reports.push(report);
        const description = run.answers.description ?? '';
        const conversation: MockConversation = {
          shareToken: `t-${report.id}`,
          title: description ? description.slice(0, 60) : `${bot.name}: ticket`,
          unreadCount: 0,
          ...(run.owner ? { owner: run.owner } : {}),
          messages: transcript(run, bot),
        };
        store.conversations.push(conversation);
        run.outcome = { type: 'ticket', ticketId: report.id, shareToken: conversation.shareToken };
        run.waitingOn = undefined;
        return;
      }
      case 'handoff': {
        const conversation: MockConversation = {
          shareToken: `t-bot-${run.id}`,
          title: `Chat with ${step.agent}`,
          unreadCount: 1,
          ...(run.owner ? { owner: run.owner } : {}),
          messages: [
            ...transcript(run, bot),
            {
              id: `${run.id}-agent`,
              author: { type: 'agent', name: step.agent },
              text: `Hi, I'm ${step.agent}. I have read your chat with ${bot.name}. How can I help?`,
              createdAt: new Date().toISOString(),
            },
          ],
        };
        store.conversations.push(conversation);
        run.outcome = { type: 'conversation', shareToken: conversation.shareToken };
        run.waitingOn = undefined;
        return;
      }
      case 'end':
        run.outcome = { type: 'end' };
        run.waitingOn = undefined;
        return;
    }
  }
  // A broken script (missing step or a loop) ends the run rather than leaving the visitor waiting.
  run.outcome = { type: 'end' };
  run.waitingOn = undefined;
}

/** The run as the Widget API answers it: messages, what the bot waits for (prompt) or how it ended (outcome). */
function runOf(bot: MockBot, run: MockBotRun) {
  const step = run.waitingOn ? bot.steps[run.waitingOn] : undefined;
  let prompt: Record<string, unknown> | undefined;
  if (step?.type === 'buttons') {
    prompt = { stepId: run.waitingOn, kind: 'buttons', options: step.options.map(({ id, label }) => ({ id, label })) };
  } else if (step?.type === 'question') {
    prompt = {
      stepId: run.waitingOn,
      kind: step.input,
      ...(step.placeholder ? { placeholder: step.placeholder } : {}),
    };
  }
  return {
    id: run.id,
    botId: bot.id,
    botName: bot.name,
    messages: run.messages.map((m) => ({
      id: m.id,
      author: m.author === 'bot' ? { type: 'bot', name: bot.name } : { type: 'contact', name: 'You' },
      text: m.text,
      createdAt: m.createdAt,
    })),
    ...(prompt ? { prompt } : {}),
    ...(run.outcome ? { outcome: run.outcome } : {}),
  };
}

/** `POST /bots/{botId}/runs` and `POST /bots/runs/{runId}/answers`: scripted bots answered from the store. */
export function createBotHandlers(api: string, store: WidgetMockStore, guard: Guard): RequestHandler[] {
  return [
    http.post(`${api}/bots/:botId/runs`, async ({ request, params }) => {
      const { stop } = await guard(request, `/bots/${params.botId}/runs`);
      if (stop) return stop;
      const bot = store.bots.find((b) => b.id === params.botId);
      if (!bot) return error('This bot does not exist.', 404);
      runCounter += 1;
      const owner = request.headers.get('gleap-id');
      const run: MockBotRun = {
        id: `run-${runCounter}-${Date.now().toString(36)}`,
        botId: bot.id,
        ...(owner ? { owner } : {}),
        messages: [],
        answers: {},
      };
      store.botRuns.push(run);
      advance(store, bot, run, bot.start);
      return HttpResponse.json(runOf(bot, run), { status: 201 });
    }),
    http.post(`${api}/bots/runs/:runId/answers`, async ({ request, params }) => {
      const { body, stop } = await guard(request, `/bots/runs/${params.runId}/answers`);
      if (stop) return stop;
      const gleapId = request.headers.get('gleap-id');
      const run = store.botRuns.find((r) => r.id === params.runId && (r.owner === undefined || r.owner === gleapId));
      const bot = run && store.bots.find((b) => b.id === run.botId);
      if (!run || !bot) return error('This bot conversation does not exist.', 404);
      const { stepId, value } = (body ?? {}) as { stepId?: unknown; value?: unknown };
      const step = run.waitingOn ? bot.steps[run.waitingOn] : undefined;
      if (!step || stepId !== run.waitingOn) {
        return error('The bot is not waiting for this answer any more.', 409);
      }
      const answer = typeof value === 'string' ? value.trim() : '';
      if (step.type === 'buttons') {
        const option = step.options.find((o) => o.id === answer);
        if (!option) return error('Choose one of the offered answers.', 400);
        say(run, 'contact', option.label);
        advance(store, bot, run, option.next);
      } else if (step.type === 'question') {
        if (!answer) return error('An answer is needed.', 400);
        if (step.input === 'email' && !EMAIL.test(answer)) return error('This is not a valid e-mail address.', 400);
        say(run, 'contact', answer);
        run.answers[step.key] = answer;
        advance(store, bot, run, step.next);
      }
      return HttpResponse.json(runOf(bot, run));
    }),
  ];
}

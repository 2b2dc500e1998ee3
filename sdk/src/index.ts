/**
 * `@voltline/widget`: the public API object `Gleap` and its types. A superset of gleap@14.2.11's `index.d.ts`, so an
 * integrator can swap the import and keep type-checking. Everything else lives in `core/`, `logs/`, `ui/`, `links/`.
 */
import { type FlowConfig, getFlowConfig, setStyleOverrides } from './core/config';
import { sendToFrame } from './core/frame-bridge';
import { BUTTON_POSITIONS } from './core/constants';
import { on as onEvent } from './core/emitter';
import { inApp, tours } from './core/engage-port';
import { extensions } from './core/extensions';
import {
  addNetworkLogs,
  setMaxNetworkRequests,
  startNetworkLogger as startNetworkLogging,
} from './logs/network-logger';
import { addLog } from './logs/console-recorder';
import { trackEvent as track } from './logs/custom-events';
import { setPageTracking } from './logs/ping-stream';
import { type RedactionPolicy, setRedactionPolicy as setPolicy } from './core/redaction';
import type { ExcludeData, NetworkLogEntry, Priority } from './core/report-types';
import {
  applyNetworkRules,
  clearIdentity as clearId,
  destroy as destroyWidget,
  extraBlacklist,
  extraPropsToIgnore,
  initialize as init,
  runtime,
  setLanguage as setLang,
  setOfflineMode as setOffline,
} from './core/lifecycle';
import { isLiveMode as liveMode } from './core/live-site';
import { getSession, identifySession, isIdentified, updateSession } from './core/session';
import { type CustomActionCallback, type UrlHandler, settings } from './core/state';
import { linkHook } from './core/widget';
import { sendSilentCrashReport as silentCrash } from './core/report-port';
import {
  type FeedbackFlowOptions,
  performAction,
  showSurvey as survey,
  startFeedbackFlow as startFlow,
} from './core/widget-flows';
import {
  applyTexts,
  closeWidget,
  hideWidget as hideFrame,
  isOpened as opened,
  openScreen,
  renderUi,
  showWidget as showFrame,
  ui,
} from './core/widget-ui';
import { handleDeepLink, listenForDeepLinks, type LinkOpeners } from './links/deep-links';
import { handleQueryParams } from './links/query-params';
import { listenForShortcuts } from './links/shortcuts';
import { drainSnippetQueue } from './links/snippet-queue';

export type { ExcludeData, NetworkLogEntry, Priority, RedactionPolicy, FeedbackFlowOptions, UrlHandler };
export type { ScreenshotData, WebReplayPayload, BugReport } from './core/report-types';
export type { FlowConfig };
export type { WidgetStrings } from './core/i18n';
import { type WidgetStrings, setLanguageStrings as setStrings } from './core/i18n';

/** Contact fields for `identify` and `updateContact`. */
export interface GleapUserProperties {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  value?: number | null;
  companyId?: string | null;
  companyName?: string | null;
  sla?: number | null;
  plan?: string | null;
  avatar?: string | null;
  customData?: object | null;
  createdAt?: Date | null;
}

/** Style settings: `setStyles` takes this object, or the same values as positional arguments. */
export interface GleapStyles {
  primaryColor?: string;
  headerColor?: string;
  buttonColor?: string;
  backgroundColor?: string;
  borderRadius?: number;
  buttonX?: number;
  buttonY?: number;
  buttonStyle?: string;
}

/** An AI tool the messenger's bot may call. */
export interface GleapAiTool {
  name: string;
  description: string;
  executionType?: 'button' | 'auto';
  response?: string;
  parameters: {
    name: string;
    description: string;
    type: 'string' | 'number' | 'boolean';
    required: boolean;
    enums?: string[];
  }[];
}

/** Events of `Gleap.on`; any event name the frame relays with `notify-event` is accepted too. */
export type GleapEventName =
  | 'initialized'
  | 'open'
  | 'close'
  | 'feedback-sent'
  | 'error-while-sending'
  | 'outbound-sent'
  | 'productTourCompleted'
  | 'productTourQuit'
  | 'tool-execution'
  | 'unread-count-changed'
  | 'register-pushmessage-group'
  | 'unregister-pushmessage-group'
  | 'flow-started'
  | (string & {});

export type GleapEnvironment = 'dev' | 'staging' | 'prod';
type ShowBack = boolean | undefined;

const screen = (hideBack: ShowBack) => ({ hideBackButton: !hideBack });

const linkOpeners: LinkOpeners = {
  article: (id) => Gleap.openHelpCenterArticle(id, true),
  collection: (id) => Gleap.openHelpCenterCollection(id, true),
  flow: (id) => Gleap.startFeedbackFlow(id, true),
  survey: (id) => Gleap.showSurvey(id),
  bot: (id) => Gleap.startBot(id, true),
  news: (id) => Gleap.openNewsArticle(id, true),
  checklist: (id) => Gleap.openChecklist(id, true),
  tour: (id) => Gleap.startProductTour(id),
};

/** The widget's public API. Every call is safe before `initialize`, after `destroy` and on the server. */
export const Gleap = {
  /** Start the widget with your SDK key. Safe to call on the server (does nothing there). */
  initialize(sdkKey: string, _disablePing?: boolean): void {
    if (typeof window === 'undefined') return;
    const first = !runtime.initialized;
    init(sdkKey);
    if (!first) return;
    drainSnippetQueue(Gleap as unknown as Record<string, unknown>);
    linkHook.handle = (href) => handleDeepLink(href, linkOpeners);
    runtime.cleanups.push(
      listenForDeepLinks(linkOpeners),
      listenForShortcuts(
        () => settings.shortcuts ?? !!getFlowConfig().enableShortcuts,
        () => Gleap.startFeedbackFlowWithOptions('bugreporting', { autostartDrawing: true }),
      ),
    );
    const runParams = () =>
      handleQueryParams(location.search, {
        openWidget: () => Gleap.open(),
        startConversation: () => Gleap.startConversation(true),
        startBot: (id) => Gleap.startBot(id, true),
        startFeedbackFlow: (id) => Gleap.startFeedbackFlow(id, true),
        showSurvey: (id, format) => Gleap.showSurvey(id, format),
        startProductTour: (id, delay) => tours((m) => m.startLater(id, delay)),
      });
    runtime.cleanups.push(onEvent('initialized', runParams));
  },
  /** Send a report without opening the widget (type CRASH, priority MEDIUM by default). At most once per 10 s. */
  sendSilentCrashReport(description = '', priority: Priority = 'MEDIUM', excludeData?: ExcludeData): void {
    silentCrash({ description }, priority, excludeData);
  },
  /** Like `sendSilentCrashReport` with your own form data. */
  sendSilentCrashReportWithFormData(
    formData: Record<string, unknown>,
    priority: Priority = 'MEDIUM',
    excludeData?: ExcludeData,
  ): void {
    silentCrash(formData, priority, excludeData);
  },
  /** Open a classic form by id. */
  startClassicForm(formId: string, showBackButton?: boolean): void {
    Gleap.startFeedbackFlow(formId, showBackButton);
  },
  /** Start a bot conversation by bot id. */
  startBot(botId: string, showBackButton?: boolean): void {
    openScreen('start-bot', { botId, ...screen(showBackButton) });
  },
  /** Start a conversation with the default bot. */
  startConversation(showBackButton?: boolean): void {
    Gleap.startBot('', showBackButton);
  },
  /** Merge an object into the custom data of every report. */
  attachCustomData(customData: Record<string, unknown>): void {
    Object.assign(settings.customData, customData);
  },
  /** Set a ticket attribute (merged into the form data of reports). */
  setTicketAttribute(key: string, value: unknown): void {
    settings.ticketAttributes[key] = value;
  },
  unsetTicketAttribute(key: string): void {
    delete settings.ticketAttributes[key];
  },
  clearTicketAttributes(): void {
    settings.ticketAttributes = {};
  },
  setCustomData(key: string, value: unknown): void {
    settings.customData[key] = value;
  },
  removeCustomData(key: string): void {
    delete settings.customData[key];
  },
  clearCustomData(): void {
    settings.customData = {};
  },
  /** Where the notification sound comes from (default gleap's `ping.mp3`). */
  setSoundUrl(soundUrl: string): void {
    settings.soundUrl = soundUrl;
  },
  /** Play the notification sound for new messages (default on). */
  playSound(play: boolean): void {
    settings.playSound = play;
  },
  /** Remove the widget: loggers, socket, UI and session. */
  destroy(): void {
    destroyWidget();
  },
  isOpened(): boolean {
    return opened();
  },
  setApiUrl(apiUrl: string): void {
    settings.apiUrl = apiUrl;
    applyNetworkRules();
  },
  setWSApiUrl(wsApiUrl: string): void {
    settings.wsUrl = wsApiUrl;
    applyNetworkRules();
  },
  /** Messenger frame URL; the iframe loads it without a query string and messages go to its exact origin. */
  setFrameUrl(frameUrl: string): void {
    settings.frameUrl = frameUrl;
  },
  setBannerUrl(bannerUrl: string): void {
    settings.bannerUrl = bannerUrl;
  },
  /**
   * Where the admin builder lives (default gleap's `https://app.gleap.io`): a page it opened talks only to this origin,
   * and loads the builder frame from `<url>/producttourbuilder` or `<url>/tooltipbuilder`. Call before `initialize`.
   */
  setBuilderUrl(builderUrl: string): void {
    settings.builderUrl = builderUrl;
  },
  closeBanner(): void {
    inApp((m) => m.removeBanner());
  },
  /** Keep at most this many requests in the network log (default 30, never more than 70). */
  setMaxNetworkRequests(maxRequests: number): void {
    setMaxNetworkRequests(maxRequests);
  },
  /** Start the network logger now (it also starts on initialize unless the config disables it). */
  startNetworkLogger(): void {
    runtime.networkLogsStarted = true;
    startNetworkLogging();
  },
  /** Requests whose URL contains any of these strings are not logged (the provider's own hosts always are not). */
  setNetworkLogsBlacklist(networkLogBlacklist: string[]): void {
    extraBlacklist.splice(0, extraBlacklist.length, ...networkLogBlacklist);
    applyNetworkRules();
  },
  /** Header and JSON body keys removed from logged requests. */
  setNetworkLogPropsToIgnore(filters: string[]): void {
    extraPropsToIgnore.splice(0, extraPropsToIgnore.length, ...filters);
    applyNetworkRules();
  },
  /** Called when the frame runs a custom action. */
  registerCustomAction(customAction: CustomActionCallback): void {
    settings.customActions.push(customAction);
  },
  /** Call the registered custom actions as if the frame had asked. */
  triggerCustomAction(name: string): void {
    for (const cb of settings.customActions) cb({ name });
  },
  /** Add a line to the console log of reports (level INFO by default). */
  log(message: string, logLevel: 'INFO' | 'WARNING' | 'ERROR' = 'INFO'): void {
    addLog(message, logLevel);
  },
  /** @deprecated Use `trackEvent`. */
  logEvent(name: string, data?: unknown): void {
    track(name, data);
  },
  /** Track a custom event (kept for reports and streamed to the server). */
  trackEvent(name: string, data?: unknown): void {
    track(name, data);
  },
  setAppBuildNumber(buildNumber: string): void {
    settings.buildNumber = `${buildNumber}`;
  },
  setAppVersionCode(versionCode: string): void {
    settings.versionCode = `${versionCode}`;
  },
  /**
   * Override the colours, radius, offsets and button style. Takes an object or gleap's positional arguments.
   * @example Gleap.setStyles({ primaryColor: '#0a7', borderRadius: 12 })
   */
  setStyles(
    stylesOrPrimary: GleapStyles | string,
    headerColor?: string,
    buttonColor?: string,
    borderRadius?: number,
    backgroundColor?: string,
    buttonX?: number,
    buttonY?: number,
    buttonStyle?: string,
  ): void {
    const s: GleapStyles =
      typeof stylesOrPrimary === 'object' && stylesOrPrimary !== null
        ? stylesOrPrimary
        : {
            primaryColor: stylesOrPrimary,
            headerColor,
            buttonColor,
            borderRadius,
            backgroundColor,
            buttonX,
            buttonY,
            buttonStyle,
          };
    const patch: Partial<FlowConfig> = {};
    if (s.primaryColor) patch.color = s.primaryColor;
    if (s.headerColor) patch.headerColor = s.headerColor;
    if (s.buttonColor) patch.buttonColor = s.buttonColor;
    if (s.backgroundColor) patch.backgroundColor = s.backgroundColor;
    if (s.borderRadius !== undefined) patch.borderRadius = Number(s.borderRadius);
    if (s.buttonX !== undefined) patch.buttonX = Number(s.buttonX);
    if (s.buttonY !== undefined) patch.buttonY = Number(s.buttonY);
    if (s.buttonStyle) patch.feedbackButtonPosition = s.buttonStyle;
    setStyleOverrides(patch);
  },
  /** Keep the host's console untouched (call before `initialize`); console lines are then not collected. */
  disableConsoleLogOverwrite(): void {
    runtime.consoleOverwrite = false;
  },
  /** Force live mode on or off (otherwise derived from the host name). */
  setLiveSite(isLiveSite: boolean): void {
    settings.liveSite = isLiveSite;
  },
  /** Whether the widget runs in live mode. */
  isLiveMode(): boolean {
    return liveMode();
  },
  /**
   * Offline mode: no socket and no event stream (events wait until it ends), and a snapshot carries the page's images
   * and stylesheets (the page is not live).
   */
  setOfflineMode(offlineMode: boolean): void {
    setOffline(offlineMode);
  },
  /** Turn the Ctrl+U shortcut on or off (overrides the config). */
  enableShortcuts(enabled: boolean): void {
    settings.shortcuts = enabled;
  },
  /**
   * Change the language; an initialized widget reloads its config after 1 s. The widget's own texts follow at once:
   * English, or a bundled pack loaded on demand (`hi`, `de`, `fr`, `es`, `ar`, which is right-to-left; `de-AT` takes
   * `de`); any other language shows English unless `setLanguageStrings` gave texts for it.
   */
  setLanguage(language: string): void {
    setLang(language);
  },
  /**
   * Your own texts for the widget's UI in a language (`en`, `de`, `de-at`, or one not bundled, like `nl`), by key of
   * `WidgetStrings`; they win over the bundled ones and the server's. `{0}`, `{1}` stand for the values filled in.
   */
  setLanguageStrings(language: string, strings: Partial<WidgetStrings>): void {
    setStrings(language, strings);
    applyTexts();
  },
  /** Prefill fields of the messenger's forms. */
  preFillForm(data: object): void {
    settings.preFill = { ...(data as Record<string, unknown>) };
    // sent on the next ping; an already ready frame gets it now
    sendToFrame('prefill-form-data', settings.preFill);
  },
  setAiTools(tools: GleapAiTool[]): void {
    settings.aiTools = tools;
  },
  /** Show the unread count in the tab title. */
  showTabNotificationBadge(showNotificationBadge: boolean): void {
    settings.showTabBadge = showNotificationBadge;
  },
  /** Add network log entries you collected yourself (an array or its JSON). */
  attachNetworkLogs(networkLogs: string | NetworkLogEntry[]): void {
    try {
      const list = typeof networkLogs === 'string' ? JSON.parse(networkLogs) : networkLogs;
      if (Array.isArray(list)) addNetworkLogs(list);
    } catch {
      console.warn('Gleap: attachNetworkLogs expects an array of network log entries.');
    }
  },
  /** Forget the identified user and continue as a new guest. */
  clearIdentity(): void {
    clearId();
  },
  setTags(tags: string[]): void {
    settings.tags = tags.slice();
  },
  setDisableInAppNotifications(disableInAppNotifications: boolean): void {
    settings.disableInAppNotifications = disableInAppNotifications;
  },
  setDisablePageTracking(disablePageTracking: boolean): void {
    settings.disablePageTracking = disablePageTracking;
    setPageTracking(!disablePageTracking);
  },
  /** Store cookies for the session too (365 days, SameSite=Lax, Secure on https). */
  setUseCookies(useCookies: boolean): void {
    settings.useCookies = useCookies;
  },
  /** Identify the user. Rejects with 'Session not ready yet.' before the session exists. */
  identify(userId: string, customerData: GleapUserProperties = {}, userHash?: string): Promise<unknown> {
    return quiet(identifySession(`${userId}`, normalizeContact(customerData), userHash));
  },
  /** Update the current contact. Rejects with 'Session not ready yet.' before the session exists. */
  updateContact(customerData: GleapUserProperties): Promise<unknown> {
    return quiet(updateSession(normalizeContact(customerData)));
  },
  getInstance(): object {
    return Gleap;
  },
  open(): void {
    showFrame('widget');
  },
  showWidget(): void {
    showFrame('widget');
  },
  hideWidget(): void {
    hideFrame();
  },
  hide(): void {
    Gleap.showFeedbackButton(false);
  },
  close(): void {
    closeWidget();
  },
  /** Show or hide the launcher button. */
  showFeedbackButton(show: boolean): void {
    ui.hiddenByHost = !show;
    renderUi();
  },
  openChecklists(showBackButton?: boolean): void {
    openScreen('open-checklists', screen(showBackButton));
  },
  openChecklist(checklistId: string, showBackButton?: boolean): void {
    if (checklistId) openScreen('open-checklist', { id: checklistId, ...screen(showBackButton) });
  },
  /** Start a checklist by its outbound id; false when the id is empty. */
  startChecklist(outboundId: string, showBackButton?: boolean, _sharedKey?: string): boolean {
    if (!outboundId) return false;
    openScreen('start-checklist', { outboundId, ...screen(showBackButton) });
    return true;
  },
  openNews(showBackButton?: boolean): void {
    openScreen('open-news', screen(showBackButton));
  },
  openNewsArticle(id: string, showBackButton?: boolean): void {
    if (id) openScreen('open-news-article', { id, ...screen(showBackButton) }, 'extended');
  },
  openConversations(showBackButton?: boolean): void {
    openScreen('open-conversations', screen(showBackButton));
  },
  openConversation(shareToken?: string, showBackButton?: boolean): void {
    if (shareToken) openScreen('open-conversation', { shareToken, ...screen(showBackButton) });
  },
  /** Start a product tour by id (live when the tours module is loaded). */
  startProductTour(tourId: string): void {
    if (tourId) extensions.startProductTour?.(tourId);
  },
  startProductTourWithConfig(tourId: string, config: unknown): void {
    extensions.startProductTourWithConfig?.(tourId, config);
  },
  /** Handle links in the messenger and `gleap://` links yourself. */
  setUrlHandler(urlHandler: UrlHandler): void {
    settings.urlHandler = urlHandler;
  },
  openHelpCenter(showBackButton?: boolean): void {
    openScreen('open-helpcenter', screen(showBackButton));
  },
  openHelpCenterCollection(collectionId: string, showBackButton?: boolean): void {
    if (collectionId) openScreen('open-help-collection', { collectionId, ...screen(showBackButton) });
  },
  openHelpCenterArticle(articleId: string, showBackButton?: boolean): void {
    if (articleId) openScreen('open-help-article', { articleId, ...screen(showBackButton) });
  },
  searchHelpCenter(term: string, showBackButton?: boolean): void {
    if (term) openScreen('open-helpcenter-search', { term, ...screen(showBackButton) });
  },
  openFeatureRequests(showBackButton?: boolean): void {
    openScreen('open-feature-requests', screen(showBackButton));
  },
  setEnvironment(environment: GleapEnvironment): void {
    settings.environment = environment;
  },
  /** Start a feedback flow by id (for example `bugreporting`); only once the session is ready. */
  startFeedbackFlow(feedbackFlow: string, showBackButton?: boolean): void {
    startFlow(feedbackFlow, { hideBackButton: !showBackButton });
  },
  /** Start a feedback flow with options (`autostartDrawing` opens the capture editor first). */
  startFeedbackFlowWithOptions(feedbackFlow: string, options: FeedbackFlowOptions = {}): void {
    startFlow(feedbackFlow, options);
  },
  /** Open a survey in `survey`, `survey_full` or `survey_web` format. */
  showSurvey(surveyId: string, format?: string): void {
    survey(surveyId, format);
  },
  /** Show an in-app notification in the notification stack (unless in-app notifications are disabled). */
  showNotification(data: unknown): void {
    inApp((m) => m.showNotification(data));
  },
  /** Show a banner from the banner URL (`setBannerUrl`), at the top of the page or floating (`format: 'floating'`). */
  showBanner(data: unknown): void {
    inApp((m) => m.showBanner(data));
  },
  /** Subscribe to a widget event; returns the function that unsubscribes. */
  // biome-ignore lint/suspicious/noExplicitAny: gleap's callback takes any data, and integrators' typed callbacks must keep compiling
  on(event: GleapEventName, callback: (data?: any) => void): () => void {
    return onEvent(event, callback);
  },
  getIdentity(): Record<string, unknown> {
    return { ...(getSession() ?? {}) };
  },
  isUserIdentified(): boolean {
    return isIdentified();
  },
  /** Replay recording options passed to the replay chunk. */
  setReplayOptions(options: Record<string, unknown>): void {
    settings.replayOptions = { ...options };
  },
  /** Widen or narrow what is redacted before anything leaves the page. */
  setRedactionPolicy(policy: Partial<RedactionPolicy>): void {
    setPolicy(policy);
  },
  /** A nonce for the widget's `<style>` element under a strict CSP (call before `initialize`). */
  setStyleNonce(nonce: string): void {
    settings.nonce = nonce;
  },
  /** Act on a `gleap://kind/id` or `/x/kind/id` link; true when it was one. */
  handleLink(href: string): boolean {
    return handleDeepLink(href, linkOpeners);
  },
  /** Run server actions (surveys, notifications, banners, tours) as the socket would. */
  performActions(actions: { actionType?: string; format?: string; outbound?: string; data?: unknown }[]): void {
    for (const a of actions) performAction(a);
  },
  /** Button placements for `setStyles({buttonStyle})`. */
  BUTTON_POSITIONS,
};

/** The caller may await the rejection; an ignored one never shows up as an unhandled rejection in the host page. */
function quiet<T>(p: Promise<T>): Promise<T> {
  p.catch(() => {});
  return p;
}

function normalizeContact(
  data: GleapUserProperties,
): Record<string, unknown> & { customData?: Record<string, unknown> | null } {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) if (v !== undefined) out[k] = v instanceof Date ? v.toISOString() : v;
  return out as Record<string, unknown> & { customData?: Record<string, unknown> | null };
}

export default Gleap;

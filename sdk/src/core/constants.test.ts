import { expect, test } from 'vitest';
import * as core from './constants';
import * as frame from '../ui/frame-styles';

// the frame's layout widths live with the frame's lazy stylesheet
const c = { ...core, ...frame };

test('pins every §9 constant the widget core uses', () => {
  expect({
    SDK_VERSION: c.SDK_VERSION,
    LOG_BUFFER_SIZE: c.LOG_BUFFER_SIZE,
    LOG_MESSAGE_MAX: c.LOG_MESSAGE_MAX,
    CLICK_TEXT_MAX: c.CLICK_TEXT_MAX,
    NETWORK_DEFAULT_MAX: c.NETWORK_DEFAULT_MAX,
    NETWORK_HARD_CAP: c.NETWORK_HARD_CAP,
    NETWORK_BODY_LIMIT: c.NETWORK_BODY_LIMIT,
    PAGE_VIEW_INTERVAL_MS: c.PAGE_VIEW_INTERVAL_MS,
    PING_INTERVAL_MS: c.PING_INTERVAL_MS,
    PING_ERROR_RESET_MS: c.PING_ERROR_RESET_MS,
    WS_KEEPALIVE_MS: c.WS_KEEPALIVE_MS,
    WS_RECONNECT_MS: c.WS_RECONNECT_MS,
    SESSION_RESTART_BASE_MS: c.SESSION_RESTART_BASE_MS,
    COOKIE_DAYS: c.COOKIE_DAYS,
    READY_OPEN_DELAY_MS: c.READY_OPEN_DELAY_MS,
    ANIMATE_DELAY_MS: c.ANIMATE_DELAY_MS,
    SILENT_CRASH_REARM_MS: c.SILENT_CRASH_REARM_MS,
    LANGUAGE_REINIT_MS: c.LANGUAGE_REINIT_MS,
    MOBILE_BREAKPOINT_PX: c.MOBILE_BREAKPOINT_PX,
    CONTAINER_WIDTH_PX: c.CONTAINER_WIDTH_PX,
    EXTENDED_WIDTH_PX: c.EXTENDED_WIDTH_PX,
    INNER_HEIGHT_PX: c.INNER_HEIGHT_PX,
    SURVEY_FULL_WIDTH_PX: c.SURVEY_FULL_WIDTH_PX,
  }).toEqual({
    SDK_VERSION: '14.2.11',
    LOG_BUFFER_SIZE: 500,
    LOG_MESSAGE_MAX: 1000,
    CLICK_TEXT_MAX: 40,
    NETWORK_DEFAULT_MAX: 30,
    NETWORK_HARD_CAP: 70,
    NETWORK_BODY_LIMIT: 150_000,
    PAGE_VIEW_INTERVAL_MS: 1000,
    PING_INTERVAL_MS: 2500,
    PING_ERROR_RESET_MS: 60_000,
    WS_KEEPALIVE_MS: 10_000,
    WS_RECONNECT_MS: 5000,
    SESSION_RESTART_BASE_MS: 10_000,
    COOKIE_DAYS: 365,
    READY_OPEN_DELAY_MS: 300,
    ANIMATE_DELAY_MS: 500,
    SILENT_CRASH_REARM_MS: 10_000,
    LANGUAGE_REINIT_MS: 1000,
    MOBILE_BREAKPOINT_PX: 450,
    CONTAINER_WIDTH_PX: 410,
    EXTENDED_WIDTH_PX: 690,
    INNER_HEIGHT_PX: 700,
    SURVEY_FULL_WIDTH_PX: 640,
  });
});

test('flow-config defaults are #485BFF colours, white background, radius and offsets 20', () => {
  expect(core.DEFAULT_FLOW_CONFIG).toMatchObject({
    color: '#485BFF',
    headerColor: '#485BFF',
    buttonColor: '#485BFF',
    backgroundColor: '#FFFFFF',
    borderRadius: 20,
    buttonX: 20,
    buttonY: 20,
  });
});

test('the failure text the frame shows is the spec sentence', () => {
  expect(core.FEEDBACK_FAILED_TEXT).toBe('Something went wrong, please try again.');
  expect(core.SESSION_NOT_READY).toBe('Session not ready yet.');
});

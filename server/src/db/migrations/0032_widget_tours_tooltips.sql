-- The widget's tooltips and product tours of each SDK key (issue 38, decision 0123 "Session 25 (tours and
-- tooltips)"): what `GET /config/{sdkKey}/tooltips`, `POST /outbound/producttours` and
-- `POST /outbound/producttourvalidation` answer. Both belong to one key (and through it to its organisation), so a
-- tour or tooltip of another organisation's key is never served. The JSON is kept as the widget consumes it
-- (gleap@14.2.11's shapes, `sdk/api/widget-api.yaml`).
CREATE TABLE widget_tooltips (
  sdk_key_id text PRIMARY KEY REFERENCES sdk_keys (id) ON DELETE CASCADE,
  tooltips jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(tooltips) = 'array'),
  updated_at timestamptz NOT NULL
);

-- A product tour by its outbound id (`Gleap.startProductTour(id)`), unique per key; only a live one may start.
CREATE TABLE widget_product_tours (
  sdk_key_id text NOT NULL REFERENCES sdk_keys (id) ON DELETE CASCADE,
  outbound_id text NOT NULL CHECK (length(outbound_id) BETWEEN 1 AND 200),
  status text NOT NULL CHECK (status IN ('live', 'draft')),
  config jsonb NOT NULL CHECK (jsonb_typeof(config) = 'object'),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (sdk_key_id, outbound_id)
);

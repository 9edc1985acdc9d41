#!/usr/bin/env node
// The ceiling for an Express design: Express 5 answering constant JSON on the benchmark's
// routes, checking nothing. Bodies have the shape and size of authmock's answers.
// Usage: node bench/bare-express.mjs [--port N] [--host H]   (default 127.0.0.1:4020)
import express from 'express';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const port = Number(arg('--port', 4020));
const host = arg('--host', '127.0.0.1');

const CUSTOMER = {
  id: 1, group_id: 1, default_billing: '1', default_shipping: '1',
  created_at: '2024-01-15 09:30:00', updated_at: '2024-01-15 09:30:00', created_in: 'Default Store View',
  dob: '1973-12-15', email: 'roni_cost@example.com', firstname: 'Veronica', lastname: 'Costello',
  gender: 2, store_id: 1, website_id: 1,
  addresses: [{
    id: 1, customer_id: 1, region: { region_code: 'MI', region: 'Michigan', region_id: 33 }, region_id: 33,
    country_id: 'US', street: ['6146 Honey Bluff Parkway'], telephone: '(555) 229-3326', postcode: '49628-7978',
    city: 'Calder', firstname: 'Veronica', lastname: 'Costello', default_shipping: true, default_billing: true,
  }],
  disable_auto_group_change: 0, extension_attributes: { is_subscribed: false },
};
const TOKEN = 'z0sptz284jrg1kvqy06vrx531nn779g6';
const LOGIN = {
  status: true,
  user: {
    userId: 1, email: 'jane@example.com', username: 'jane.doe', userToken: 'DiRtYPHqM2weoTPg3whr3zV2drf7R3ticnMLeYtTIgI',
    gender: 'female', thumbnail: 'http://127.0.0.1:4010/socialapi/static/thumbs/jane.doe.png',
  },
  count: '3', message: 'Login successful',
};
const COUNTRIES = [{ id: 'US', two_letter_abbreviation: 'US', three_letter_abbreviation: 'USA', full_name_locale: 'United States', full_name_english: 'United States' }];

const app = express();
app.disable('x-powered-by');
app.get('/rest/V1/customers/me', (_req, res) => { res.json(CUSTOMER); });
app.post('/rest/V1/integration/customer/token', express.json(), (_req, res) => { res.json(TOKEN); });
app.post('/socialapi/auth/post/login', express.json(), (_req, res) => { res.status(201).json(LOGIN); });
// only for the start-up probe, which polls this route on every server
app.get('/rest/V1/directory/countries', (_req, res) => { res.json(COUNTRIES); });

const server = app.listen(port, host, () => process.stdout.write(`bare express listening on http://${host}:${port}\n`));
server.keepAliveTimeout = 65_000;
const stop = () => { server.close(); server.closeAllConnections(); process.exit(0); };
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

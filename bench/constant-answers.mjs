// The bodies the bare servers answer (bare-express.mjs, bare-node.mjs): the shape and size
// of authmock's answers to the benchmark's requests.
export const CUSTOMER = {
  id: 1,
  group_id: 1,
  default_billing: '1',
  default_shipping: '1',
  created_at: '2024-01-15 09:30:00',
  updated_at: '2024-01-15 09:30:00',
  created_in: 'Default Store View',
  dob: '1973-12-15',
  email: 'roni_cost@example.com',
  firstname: 'Veronica',
  lastname: 'Costello',
  gender: 2,
  store_id: 1,
  website_id: 1,
  addresses: [
    {
      id: 1,
      customer_id: 1,
      region: { region_code: 'MI', region: 'Michigan', region_id: 33 },
      region_id: 33,
      country_id: 'US',
      street: ['6146 Honey Bluff Parkway'],
      telephone: '(555) 229-3326',
      postcode: '49628-7978',
      city: 'Calder',
      firstname: 'Veronica',
      lastname: 'Costello',
      default_shipping: true,
      default_billing: true,
    },
  ],
  disable_auto_group_change: 0,
  extension_attributes: { is_subscribed: false },
};
export const TOKEN = 'z0sptz284jrg1kvqy06vrx531nn779g6';
export const LOGIN = {
  status: true,
  user: {
    userId: 1,
    email: 'jane@example.com',
    username: 'jane.doe',
    userToken: 'DiRtYPHqM2weoTPg3whr3zV2drf7R3ticnMLeYtTIgI',
    gender: 'female',
    thumbnail: 'http://127.0.0.1:4010/socialapi/static/thumbs/jane.doe.png',
  },
  count: '3',
  message: 'Login successful',
};
export const COUNTRIES = [
  {
    id: 'US',
    two_letter_abbreviation: 'US',
    three_letter_abbreviation: 'USA',
    full_name_locale: 'United States',
    full_name_english: 'United States',
  },
];

// Petstore's GET /pet/{petId} (the spec's example, as authmock answers it)
export const PET = {
  id: 10,
  name: 'doggie',
  category: { id: 1, name: 'Dogs' },
  photoUrls: ['string'],
  tags: [{ id: 0, name: 'string' }],
  status: 'available',
};

export const ANSWERS = { CUSTOMER, TOKEN, LOGIN, COUNTRIES, PET };

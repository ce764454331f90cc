/**
 * A test double of Stripe.js for the e2e run (served for https://js.stripe.com/* by stripe-helpers.ts; Stripe.js
 * itself cannot load here). It implements only what the public site's card step calls, through
 * @stripe/react-stripe-js:
 *
 *   Stripe(publishableKey) → { elements(options), confirmPayment({ elements, clientSecret, confirmParams, redirect }),
 *   confirmSetup({ elements, clientSecret, confirmParams, redirect }) (mode: 'setup', a payment plan with no deposit),
 *   confirmCardPayment(clientSecret, { payment_method: { card } }), … }
 *   elements({ mode: 'payment', amount, currency }) → a group with create('payment' | 'card'), getElement('payment' |
 *   PaymentElement | 'card' | CardElement), submit(), update(options)
 *   each element: mount, on/off('change'|'ready'|…), update({ disabled | readOnly }), destroy
 *
 * An element is four plain inputs (labelled like Stripe's card fields) in the page instead of Stripe's iframe; the
 * Payment Element shows its own field error under them, as Stripe's does inside its iframe (the card form of
 * the Payment Element: a wallet or Link cannot be offered in a headless test browser).
 * Like Stripe.js, confirmPayment refuses to run before elements.submit() succeeded, and refuses any `redirect` but
 * 'if_required' here (the page must never leave for a redirect-based method).
 * confirmPayment and confirmCardPayment complete the PaymentIntent on the Stripe stand-in as Stripe.js does on Stripe:
 * `POST https://api.stripe.com/v1/payment_intents/{id}/confirm` with the publishable key and the client secret in
 * the form body (stripe-helpers.ts forwards api.stripe.com to the stand-in). The number typed picks Stripe's test
 * payment method: 4000 0000 0000 0002 → pm_card_chargeDeclined, any other valid number → pm_card_visa.
 */
(function () {
  'use strict';
  var API = 'https://api.stripe.com/v1';
  var TEST_CARDS = { 4000000000000002: 'pm_card_chargeDeclined', 4242424242424242: 'pm_card_visa' };

  function digits(value) {
    return String(value || '').replace(/\D/g, '');
  }

  function luhn(number) {
    var sum = 0;
    for (var i = 0; i < number.length; i++) {
      var d = Number(number[number.length - 1 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    return number.length >= 13 && sum % 10 === 0;
  }

  /** The card element's state as Stripe reports it in `change` events (the Payment Element's form: `payment`). */
  function cardState(values, blurred, elementType) {
    var number = digits(values.number);
    var exp = digits(values.exp);
    var cvc = digits(values.cvc);
    var zip = String(values.zip || '').trim();
    var error;
    var month = Number(exp.slice(0, 2));
    var year = 2000 + Number(exp.slice(2, 4));
    var now = new Date();
    if (number.length >= 16 && !luhn(number)) error = 'Your card number is invalid.';
    else if (number.length > 0 && number.length < 16 && blurred.number) error = 'Your card number is incomplete.';
    else if (exp.length === 4 && (month < 1 || month > 12)) error = "Your card's expiration date is invalid.";
    else if (exp.length === 4 && (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)))
      error = "Your card's expiration year is in the past.";
    else if (exp.length > 0 && exp.length < 4 && blurred.exp) error = "Your card's expiration date is incomplete.";
    else if (cvc.length > 0 && cvc.length < 3 && blurred.cvc) error = "Your card's security code is incomplete.";
    var complete = !error && number.length === 16 && exp.length === 4 && cvc.length >= 3 && zip.length >= 5;
    if (elementType === 'payment') {
      // The Payment Element reports no error in its events: it shows the message itself.
      return {
        elementType: 'payment',
        empty: !number && !exp && !cvc && !zip,
        complete: complete,
        collapsed: false,
        value: { type: 'card' },
        shownError: error || null,
      };
    }
    return {
      elementType: 'card',
      empty: !number && !exp && !cvc && !zip,
      complete: complete,
      brand: number[0] === '4' ? 'visa' : number[0] === '5' ? 'mastercard' : 'unknown',
      value: { postalCode: zip },
      error: error ? { type: 'validation_error', code: 'invalid_card', message: error } : undefined,
    };
  }

  function createCardElement(options, elementType) {
    elementType = elementType || 'card';
    var handlers = {};
    var errorLine = null;
    var root = null;
    var inputs = {};
    var blurred = {};
    var values = { number: '', exp: '', cvc: '', zip: '' };
    var element;

    function emit(event, payload) {
      (handlers[event] || []).slice().forEach(function (handler) {
        handler(payload);
      });
    }

    function field(name, label, placeholder, autocomplete, width) {
      var input = document.createElement('input');
      input.setAttribute('aria-label', label);
      input.setAttribute('placeholder', placeholder);
      input.setAttribute('autocomplete', autocomplete);
      input.setAttribute('inputmode', 'numeric');
      input.style.cssText =
        'border:0;outline:0;font:inherit;font-size:16px;min-width:0;padding:0;background:transparent;color:#1f2937;flex:' + width;
      input.addEventListener('input', function () {
        values[name] = input.value;
        changed();
      });
      input.addEventListener('focus', function () {
        emit('focus', { elementType: elementType });
      });
      input.addEventListener('blur', function () {
        blurred[name] = true;
        emit('blur', { elementType: elementType });
        changed();
      });
      inputs[name] = input;
      return input;
    }

    function changed() {
      var state = cardState(values, blurred, elementType);
      if (elementType === 'payment') {
        if (errorLine) errorLine.textContent = state.shownError || '';
        delete state.shownError;
      }
      emit('change', state);
    }

    element = {
      __double: true,
      elementType: elementType,
      /** What Stripe checks on elements.submit(): the details are complete (its message when not). */
      check: function () {
        var state = cardState(values, Object.assign({}, { number: true, exp: true, cvc: true }), elementType);
        if (state.complete) return null;
        var message = state.shownError || (state.error && state.error.message) || 'Your card details are incomplete.';
        if (errorLine) errorLine.textContent = message;
        return { type: 'validation_error', message: message };
      },
      mount: function (target) {
        var node = typeof target === 'string' ? document.querySelector(target) : target;
        root = document.createElement('div');
        root.className = 'stripe-js-double-card';
        root.style.cssText = 'display:flex;gap:12px;align-items:center;width:100%';
        root.appendChild(field('number', 'Card number', '1234 1234 1234 1234', 'cc-number', '3 1 0'));
        root.appendChild(field('exp', 'Expiration date MM / YY', 'MM / YY', 'cc-exp', '1.2 1 0'));
        root.appendChild(field('cvc', 'Security code', 'CVC', 'cc-csc', '1 1 0'));
        root.appendChild(field('zip', 'ZIP', 'ZIP', 'postal-code', '1 1 0'));
        node.appendChild(root);
        if (elementType === 'payment') {
          root.style.flexWrap = 'wrap';
          errorLine = document.createElement('p');
          errorLine.setAttribute('role', 'alert');
          errorLine.style.cssText = 'flex-basis:100%;margin:4px 0 0;color:#b42318;font-size:14px';
          root.appendChild(errorLine);
        }
        setTimeout(function () {
          emit('ready', { elementType: elementType });
        }, 0);
      },
      on: function (event, handler) {
        (handlers[event] = handlers[event] || []).push(handler);
        return element;
      },
      once: function (event, handler) {
        var wrapped = function (payload) {
          element.off(event, wrapped);
          handler(payload);
        };
        return element.on(event, wrapped);
      },
      off: function (event, handler) {
        handlers[event] = (handlers[event] || []).filter(function (h) {
          return handler && h !== handler;
        });
        return element;
      },
      update: function (options) {
        var off = options && (typeof options.disabled === 'boolean' ? options.disabled : options.readOnly);
        if (typeof off === 'boolean') {
          Object.keys(inputs).forEach(function (name) {
            inputs[name].disabled = off;
          });
        }
      },
      focus: function () {
        if (inputs.number) inputs.number.focus();
      },
      blur: function () {},
      clear: function () {
        Object.keys(inputs).forEach(function (name) {
          inputs[name].value = '';
          values[name] = '';
        });
      },
      unmount: function () {
        if (root && root.parentNode) root.parentNode.removeChild(root);
      },
      destroy: function () {
        element.unmount();
        handlers = {};
      },
      paymentMethodId: function () {
        var number = digits(values.number);
        return TEST_CARDS[number] || 'pm_card_visa';
      },
    };
    return element;
  }

  function createElements(groupOptions) {
    var created = {};
    var group = {
      __double: true,
      options: groupOptions || {},
      submitted: false,
      create: function (type, options) {
        if (type !== 'card' && type !== 'payment')
          throw new Error('The Stripe.js test double implements only the card and payment elements, not ' + type);
        if (type === 'payment' && group.options.mode !== 'payment' && group.options.mode !== 'setup' && !group.options.clientSecret)
          throw new Error('IntegrationError: elements() needs a clientSecret or mode: "payment" or "setup" to create a payment element.');
        created[type] = createCardElement(options, type);
        return created[type];
      },
      getElement: function (type) {
        var name = typeof type === 'string' ? type : type && type.__elementType;
        return created[name] || null;
      },
      /** Checks the Payment Element's details, as Stripe does before a deferred intent is created. */
      submit: function () {
        var payment = created.payment;
        if (!payment) return Promise.resolve({ error: { type: 'integration_error', message: 'No payment element to submit.' } });
        var problem = payment.check();
        group.submitted = !problem;
        return Promise.resolve(problem ? { error: problem } : {});
      },
      update: function (options) {
        Object.assign(group.options, options || {});
      },
    };
    return group;
  }

  function settle(reply) {
    if (!reply.ok) return { error: reply.json.error || { type: 'api_error', message: 'Payment failed.' } };
    var intent = reply.json;
    if (intent.last_payment_error && intent.status !== 'succeeded') {
      return { error: Object.assign({}, intent.last_payment_error, { payment_intent: intent }) };
    }
    return { paymentIntent: intent };
  }

  function unreachable() {
    return { error: { type: 'api_connection_error', message: 'We could not reach Stripe. Please try again.' } };
  }

  function form(fields) {
    var body = new URLSearchParams();
    Object.keys(fields).forEach(function (key) {
      if (fields[key] !== undefined && fields[key] !== null) body.set(key, String(fields[key]));
    });
    return body.toString();
  }

  function Stripe(publishableKey) {
    if (typeof publishableKey !== 'string' || publishableKey.indexOf('pk_') !== 0) {
      throw new Error('IntegrationError: Invalid value for Stripe(): apiKey should be a publishable key (pk_…)');
    }

    function request(method, path, fields) {
      var init = { method: method };
      var url = API + path;
      var body = form(Object.assign({ key: publishableKey }, fields));
      // A "simple" request (form body, no custom header), as Stripe.js sends it: no CORS preflight.
      if (method === 'GET') url += '?' + body;
      else {
        init.headers = { 'content-type': 'application/x-www-form-urlencoded' };
        init.body = body;
      }
      return fetch(url, init).then(function (response) {
        return response.json().then(function (json) {
          return { ok: response.ok, json: json };
        });
      });
    }

    return {
      _registerWrapper: function () {},
      registerAppInfo: function () {},
      elements: function (options) {
        return createElements(options);
      },
      // Never called by the card step; @stripe/react-stripe-js checks they exist before it accepts a Stripe object.
      createToken: function () {
        return Promise.reject(new Error('createToken is not implemented by the Stripe.js test double'));
      },
      createPaymentMethod: function () {
        return Promise.reject(new Error('createPaymentMethod is not implemented by the Stripe.js test double'));
      },
      confirmCardPayment: function (clientSecret, data) {
        var id = String(clientSecret || '').split('_secret_')[0];
        var card = data && data.payment_method && data.payment_method.card;
        if (!id || !card || !card.paymentMethodId) {
          return Promise.resolve({ error: { type: 'invalid_request_error', message: 'The Stripe.js test double needs a card element.' } });
        }
        return request('POST', '/payment_intents/' + encodeURIComponent(id) + '/confirm', {
          client_secret: clientSecret,
          payment_method: card.paymentMethodId(),
        }).then(settle, unreachable);
      },
      confirmPayment: function (params) {
        var group = params && params.elements;
        var clientSecret = (params && params.clientSecret) || (group && group.options.clientSecret);
        var id = String(clientSecret || '').split('_secret_')[0];
        var payment = group && group.getElement && group.getElement('payment');
        var fail = function (message) {
          return Promise.resolve({ error: { type: 'invalid_request_error', message: message } });
        };
        if (!group || !group.__double || !payment) return fail('The Stripe.js test double needs a payment element.');
        if (!id) return fail('confirmPayment needs the PaymentIntent client secret.');
        if (group.options.mode === 'payment' && !group.submitted)
          return fail('elements.submit() must be called before stripe.confirmPayment().');
        if (!params.redirect || params.redirect !== 'if_required')
          return fail("The Stripe.js test double only confirms with redirect: 'if_required' (the page must not be left).");
        if (!params.confirmParams || !params.confirmParams.return_url) return fail('confirmParams.return_url is required.');
        group.submitted = false;
        return request('POST', '/payment_intents/' + encodeURIComponent(id) + '/confirm', {
          client_secret: clientSecret,
          payment_method: payment.paymentMethodId(),
        }).then(settle, unreachable);
      },
      /** A SetupIntent (a payment plan with no deposit) confirmed with the Payment Element's card, as confirmPayment. */
      confirmSetup: function (params) {
        var group = params && params.elements;
        var clientSecret = params && params.clientSecret;
        var id = String(clientSecret || '').split('_secret_')[0];
        var payment = group && group.getElement && group.getElement('payment');
        var fail = function (message) {
          return Promise.resolve({ error: { type: 'invalid_request_error', message: message } });
        };
        if (!group || !group.__double || !payment) return fail('The Stripe.js test double needs a payment element.');
        if (!id) return fail('confirmSetup needs the SetupIntent client secret.');
        if (!group.submitted) return fail('elements.submit() must be called before stripe.confirmSetup().');
        if (params.redirect !== 'if_required') return fail("The Stripe.js test double only confirms with redirect: 'if_required'.");
        group.submitted = false;
        return request('POST', '/setup_intents/' + encodeURIComponent(id) + '/confirm', {
          client_secret: clientSecret,
          payment_method: payment.paymentMethodId(),
        }).then(function (reply) {
          if (!reply.ok) return { error: reply.json.error || { type: 'api_error', message: 'Setup failed.' } };
          return { setupIntent: reply.json };
        }, unreachable);
      },
      retrievePaymentIntent: function (clientSecret) {
        var id = String(clientSecret || '').split('_secret_')[0];
        return request('GET', '/payment_intents/' + encodeURIComponent(id), { client_secret: clientSecret }).then(function (reply) {
          return reply.ok ? { paymentIntent: reply.json } : { error: reply.json.error };
        });
      },
    };
  }

  // The release train @stripe/stripe-js 10 expects (it warns about any other with a test key).
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();

// The value field of a transaction in the call form.

import type { FunctionView, ValueInput } from '../../src/extension/messages/callMessages';
import { VALUE_UNITS, type ValueUnit, isValueUnit, valueProblem } from '../../src/extension/messages/txValue';
import { h } from '../lib/dom';
import type { ValueEl } from './paramFields';

/**
 * The value to send with a transaction: an amount and a unit (wei by default), checked as you type.
 * A non-payable function (shown when the chain has feature_balance on) refuses a non-zero value.
 */
export function valueRow(f: FunctionView, index: number): { el: HTMLElement; read(): ValueInput } {
  const id = `f${index}-value`;
  const amount = h('vscode-textfield', {
    id,
    placeholder: '0',
    'data-testid': 'value-amount',
    title: 'Value to send with the transaction (a version-1 transaction)',
  }) as ValueEl;
  const unit = h(
    'vscode-single-select',
    { 'data-testid': 'value-unit', title: 'Unit of the value' },
    ...VALUE_UNITS.map((u) => h('vscode-option', { value: u }, u)),
  ) as ValueEl;
  unit.value = 'wei';
  const problem = h('div', { class: 'invalid', role: 'alert', 'data-testid': 'value-problem' });
  const read = (): ValueInput => ({
    amount: amount.value,
    unit: isValueUnit(unit.value) ? unit.value : ('wei' satisfies ValueUnit),
  });
  const validate = () => {
    const v = read();
    problem.textContent = valueProblem(v.amount, v.unit, f);
  };
  for (const el of [amount, unit]) {
    el.addEventListener('input', validate);
    el.addEventListener('change', validate);
  }
  const el = h(
    'div',
    { class: 'param', 'data-param': 'value' },
    h(
      'div',
      { class: 'param-head' },
      h('label', { for: id, class: 'param-name' }, f.payable ? 'Value · payable' : 'Value · not payable'),
    ),
    h('div', { class: 'toolbar' }, amount, unit),
    problem,
  );
  return { el, read };
}

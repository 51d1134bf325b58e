// Context: page agent. The table of dom operations this page agent answers; one file per operation, each
// with its own checks beside it (shared rules live in contracts/ and policy/).
// Trusts nothing itself: each operation is parsed by exec.ts and checks its own input.
import type { DomOp } from '../../contracts/dom/ops';
import type { OpHandler } from '../op-context';
import { query } from './query';
import { queryAll } from './queryAll';
import { waitFor } from './waitFor';
import { url } from './url';
import { title } from './title';
import { text } from './text';
import { attr } from './attr';
import { value } from './value';
import { html } from './html';
import { rect } from './rect';
import { computedStyle } from './computedStyle';
import { matches } from './matches';
import { closest } from './closest';
import { parent } from './parent';
import { children } from './children';
import { setText } from './setText';
import { setAttr } from './setAttr';
import { removeAttr } from './removeAttr';
import { addClass } from './addClass';
import { removeClass } from './removeClass';
import { setStyle } from './setStyle';
import { hide } from './hide';
import { show } from './show';
import { remove } from './remove';
import { setValue } from './setValue';
import { setHTML } from './setHTML';
import { clone } from './clone';
import { create } from './create';
import { insert } from './insert';
import { addStyle } from './addStyle';
import { click } from './click';
import { focus } from './focus';
import { on } from './on';
import { off } from './off';
import { observe } from './observe';
import { unobserve } from './unobserve';
import { watch } from './watch';

export const OPS: { [K in DomOp['op']]: OpHandler<K> } = {
  query,
  queryAll,
  waitFor,
  url,
  title,
  text,
  attr,
  value,
  html,
  rect,
  computedStyle,
  matches,
  closest,
  parent,
  children,
  setText,
  setAttr,
  removeAttr,
  addClass,
  removeClass,
  setStyle,
  hide,
  show,
  remove,
  setValue,
  setHTML,
  clone,
  create,
  insert,
  addStyle,
  click,
  focus,
  on,
  off,
  observe,
  unobserve,
  watch,
};

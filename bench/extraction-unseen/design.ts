/** A design: how one family of real-world invoices is planned and drawn. */
import type { Canvas } from './canvas.ts';
import type { DateStyle, MoneyStyle } from './formats.ts';
import type { Plan, PlanOptions } from './plan.ts';
import type { Random } from './random.ts';

export interface Look {
  money: MoneyStyle;
  date: DateStyle;
}

export interface Design {
  name: string;
  /** What it imitates, for the manifest and the README. */
  summary: string;
  choose(rng: Random): { plan: PlanOptions; look: Look };
  draw(c: Canvas, plan: Plan, look: Look, rng: Random): void;
}

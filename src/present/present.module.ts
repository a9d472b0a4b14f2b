import { Module } from '@nestjs/common';
import { InputModule } from '../input/input.module.js';
import { Presenter } from './presenter.js';

/** Rows as callers see them: references and enums as {id, name}, dates in the call's zone. */
@Module({ imports: [InputModule], providers: [Presenter], exports: [Presenter] })
export class PresentModule {}

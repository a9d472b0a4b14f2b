import { Module } from '@nestjs/common';
import { NamesCacheSubscriber } from './references/names-cache.subscriber.js';
import { ReferenceResolver } from './references/reference-resolver.js';

/** Names given for ids, resolved within what the caller may see (the input pipe's parser uses them, as do tool lists and answers). */
@Module({ providers: [ReferenceResolver, NamesCacheSubscriber], exports: [ReferenceResolver] })
export class InputModule {}

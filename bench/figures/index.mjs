// The figures of `npm run bench`, in the order they run. A new figure is a new module in this
// folder exporting { id, title, needsBuild, run(ctx) } (see ../run.mjs for the context and the
// shape of what run() returns), added to this list.
import bundle from './bundle.mjs';
import lighthouse from './lighthouse.mjs';
import coldstart from './coldstart.mjs';
import slots from './slots.mjs';
import availability from './availability.mjs';
import nextfree from './nextfree.mjs';
import chat from './chat.mjs';
import queue from './queue.mjs';
import video from './video.mjs';
import scale from './scale.mjs';
import bookings from './bookings.mjs';

export default [bundle, lighthouse, coldstart, slots, availability, nextfree, chat, queue, video, bookings, scale];

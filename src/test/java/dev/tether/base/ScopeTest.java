package dev.tether.base;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** A scope names its threads, and closing it leaves none of them running. */
class ScopeTest {

    @Test
    void threadsAreNamedForTheirOwner() throws Exception {
        Scope scope = Scope.named("session-abc");
        CountDownLatch ran = new CountDownLatch(1);
        String[] name = new String[1];
        scope.start("notice", () -> {
            name[0] = Thread.currentThread().getName();
            ran.countDown();
        });
        assertTrue(ran.await(5, TimeUnit.SECONDS));
        assertEquals("session-abc-notice", name[0]);
        scope.close();
    }

    @Test
    void closeInterruptsAndJoinsRunningTasks() throws Exception {
        Scope scope = Scope.named("s");
        CountDownLatch started = new CountDownLatch(2);
        AtomicBoolean interrupted = new AtomicBoolean();
        Thread sleeper = scope.start("sleeper", () -> {
            started.countDown();
            try {
                Thread.sleep(Duration.ofMinutes(5));
            } catch (InterruptedException e) {
                interrupted.set(true);
            }
        });
        Thread waiter = scope.start("waiter", () -> {
            started.countDown();
            try {
                new CountDownLatch(1).await();
            } catch (InterruptedException e) {
                // ends
            }
        });
        assertTrue(started.await(5, TimeUnit.SECONDS));
        assertEquals(2, scope.threads().size());
        // A deadline no test run reaches: close returns because both tasks ended, or the test times out.
        scope.close(Duration.ofDays(1));
        assertFalse(sleeper.isAlive());
        assertFalse(waiter.isAlive());
        assertTrue(interrupted.get());
        assertEquals(List.of(), scope.threads());
    }

    @Test
    void aTaskThatIgnoresItsInterruptDoesNotHoldCloseBeyondTheDeadline() throws Exception {
        Scope scope = Scope.named("s");
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(1);
        Thread stubborn = scope.start("stubborn", () -> {
            started.countDown();
            while (true) {
                try {
                    release.await();
                    return;
                } catch (InterruptedException e) {
                    // ignores it on purpose
                }
            }
        });
        assertTrue(started.await(5, TimeUnit.SECONDS));
        long start = System.nanoTime();
        // The task never ends by itself: should close wait for it rather than for the deadline, the test times out.
        scope.close(Duration.ofMillis(200));
        long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(took >= 150, "close gave up after " + took + " ms, before its deadline");
        assertTrue(stubborn.isAlive());
        release.countDown();
        stubborn.join(Duration.ofSeconds(5));
        assertFalse(stubborn.isAlive());
    }

    @Test
    void aClosedScopeStartsNothing() throws Exception {
        Scope scope = Scope.named("s");
        scope.close();
        AtomicBoolean ran = new AtomicBoolean();
        Thread thread = scope.start("late", () -> ran.set(true));
        // A thread that was never started cannot run later: what it would have done is settled now.
        assertEquals(Thread.State.NEW, thread.getState(), "never started");
        assertFalse(ran.get());
        assertEquals(List.of(), scope.threads());
    }
}

package dev.tether.cli; public class Main { public static void main(String[] a){} }
